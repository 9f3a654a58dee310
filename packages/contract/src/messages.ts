/**
 * The user-facing message catalogue. Every string here is copied character for character
 * from the spec (typographic ’ and … where the spec has them, its typos included), because
 * the spec is binding word for word. Both apps import these constants; never retype a message.
 * Texts with a placeholder are small functions. The few strings the spec does not give are
 * kept apart in UNSPECIFIED_MESSAGES so that they are never mistaken for spec wording.
 *
 * One module per product area, so the build places each area's texts with the code that shows
 * them instead of every text in the entry JavaScript (docs/decisions/046-landing-javascript.md).
 */
export * from './messages/accounts.ts';
export * from './messages/ads.ts';
export * from './messages/chats.ts';
export * from './messages/errors.ts';
export * from './messages/posts.ts';
export * from './messages/profiles.ts';
export * from './messages/search.ts';
export * from './messages/settings.ts';
export * from './messages/shell.ts';
