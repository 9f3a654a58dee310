/**
 * The post composer (docs/product/community.md#narrow-screen-pages, docs/product/community.md#posting, docs/product/community.md#post-text-limit): new posts, comments and replies.
 *
 * - `useComposer().open({ parentId?, parentPost?, goBack? })` from any button;
 * - `<ComposerHost />`, mounted once in the app shell, draws the desktop dialog and prompts.
 *
 * - `useListingEditor().open(postId)` edits one's listing (docs/product/selling.md): a dialog on wide
 *   screens, /post/{id}/edit (components/edit-listing-page.tsx) on phones.
 *
 * The pages of /create/post, /create/comment/:postId and /create/categories live in
 * components/compose-page.tsx and components/category-page.tsx (imported by their lazy
 * routes only, so they stay out of the first load).
 */
export { ComposerHost } from './components/composer-host.tsx';
export { useComposer } from './hooks/use-composer.ts';
export { useListingEditor } from './hooks/use-listing-editor.ts';
