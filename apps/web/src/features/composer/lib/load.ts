/**
 * The composer's code arrives in two lazy chunks: the form, and the Lexical editor (the
 * bulk). Both start loading together the moment the composer is about to open — or sooner,
 * when the browser is idle after the first page — so opening it never waits on a waterfall.
 */
export const loadComposerForm = () => import('../components/composer-form.tsx');
const loadComposerEditor = () => import('../editor/composer-editor.tsx');
/** The desktop dialog around the form (with the parent post of a comment and 'Discard Post?'). */
export const loadComposerDialog = () => import('../components/composer-dialog.tsx');

/** The desktop edit dialog of one's listing (docs/product/selling.md#editing-a-listing). */
export const loadEditDialog = () => import('../components/edit-listing-dialog.tsx');

export function preloadComposer(): void {
  // A failed preload is retried by React.lazy when the composer actually renders.
  loadComposerForm().catch(() => {});
  loadComposerDialog().catch(() => {});
  loadComposerEditor().catch(() => {});
}
