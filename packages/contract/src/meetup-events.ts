/**
 * Meet-ups' live event (docs/product/safety.md#meet-ups), on its own so the web app's entry, which
 * routes every event, does not carry the spots' data (decision 022).
 */
/** Live events of meet-ups, to both sides of the chat (payload ids only). */
export const MEETUP_EVENT_TYPES = {
  /** A meet-up was suggested, replaced or accepted. Payload: { chatId, meetupId }. */
  meetupChanged: 'meetup.changed',
} as const;
