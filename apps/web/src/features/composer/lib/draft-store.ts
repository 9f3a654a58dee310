import { type Condition, type CreatePostBody, countPostText, LIMITS } from '@campus/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { type FileSelection, postFileKind, selectPostFiles } from './file-rules.ts';
import { priceTextToCents } from './price.ts';

/**
 * Drafts of the composer, kept outside React so they outlive the composer itself: the
 * narrow-screen flow goes from /create/post to /create/categories and back, unmounting the
 * editor on the way, and the draft (text, category, price, files) must be there on return.
 * Never in the URL: files can't be, and text would leak into history and logs.
 *
 * One draft for a new post, and one per post or comment being answered.
 */
export type DraftKey = 'post' | `comment:${string}`;

export function draftKeyFor(parentId: string | null | undefined): DraftKey {
  return parentId ? `comment:${parentId}` : 'post';
}

export interface DraftFile {
  id: string;
  file: File;
  /** Object URL of the preview; revoked when the file leaves the draft. */
  url: string;
  kind: 'image' | 'video';
}

export interface Draft {
  /** The editor's serialized state: sent as the post's rich text, and restores the editor. */
  editorState: unknown;
  /** The text of each top-level block (paragraph) of the editor. */
  blocks: readonly string[];
  category: string | null;
  /** Whole dollars as typed digits; '' means no price, '0' free. */
  priceText: string;
  /** The item's condition (docs/product/selling.md#condition), optional. */
  condition: Condition | null;
  files: readonly DraftFile[];
  /** Goes up each time the draft is cleared, so an open editor can start again empty. */
  version: number;
}

export const EMPTY_DRAFT: Draft = {
  editorState: null,
  blocks: [],
  category: null,
  priceText: '',
  condition: null,
  files: [],
  version: 0,
};

/** The text as the server takes it: one '\n' between blocks (its count equals the editor's). */
export function draftPlainText(draft: Pick<Draft, 'blocks'>): string {
  return draft.blocks.join('\n');
}

/** The 'n / 500' count: characters plus 2 per break between blocks (docs/product/community.md#post-text-limit). */
export function draftCount(draft: Pick<Draft, 'blocks'>): number {
  return countPostText(draft.blocks);
}

/** A post needs text or at least one file (docs/product/community.md#post-text-limit), and no more than 500 characters. */
export function canSubmitDraft(draft: Draft): boolean {
  const hasBody = draftPlainText(draft).trim() !== '' || draft.files.length > 0;
  return hasBody && draftCount(draft) <= LIMITS.postTextMax;
}

/** Anything that would be lost by closing: closing then asks 'Discard Post?'. */
export function draftHasContent(draft: Draft): boolean {
  return (
    draftPlainText(draft).trim() !== '' ||
    draft.files.length > 0 ||
    draft.category !== null ||
    draft.priceText !== '' ||
    draft.condition !== null
  );
}

/** The `post` field of POST /api/posts (contract CreatePostBodySchema). */
export function draftToBody(draft: Draft, parentId: string | null): CreatePostBody {
  const isComment = parentId !== null;
  return {
    ...(draft.editorState ? { text: draft.editorState } : {}),
    plainText: draftPlainText(draft),
    // Comments carry neither (the composer does not offer them there).
    category: isComment ? null : draft.category,
    priceCents: isComment ? null : priceTextToCents(draft.priceText),
    condition: isComment ? null : draft.condition,
    parentId,
  };
}

/** The multipart body of POST /api/posts: the JSON `post` field first, then the files in order. */
export function draftToFormData(draft: Draft, parentId: string | null): FormData {
  const form = new FormData();
  form.append('post', JSON.stringify(draftToBody(draft, parentId)));
  for (const { file } of draft.files) form.append('files', file, file.name);
  return form;
}

export interface DraftStoreDeps {
  createObjectUrl: (file: File) => string;
  revokeObjectUrl: (url: string) => void;
}

export type DraftStore = ReturnType<typeof createDraftStore>;

export function createDraftStore(deps: DraftStoreDeps) {
  const drafts = new Map<DraftKey, Draft>();
  const listeners = new Set<() => void>();
  let nextFileId = 0;

  const get = (key: DraftKey): Draft => drafts.get(key) ?? EMPTY_DRAFT;
  const set = (key: DraftKey, next: Draft) => {
    drafts.set(key, next);
    for (const listener of listeners) listener();
  };
  const update = (key: DraftKey, change: Partial<Draft>) => set(key, { ...get(key), ...change });

  return {
    get,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setText(key: DraftKey, blocks: readonly string[], editorState: unknown): void {
      update(key, { blocks, editorState });
    },
    setCategory(key: DraftKey, category: string | null): void {
      update(key, { category });
    },
    setPriceText(key: DraftKey, priceText: string): void {
      update(key, { priceText });
    },
    setCondition(key: DraftKey, condition: Condition | null): void {
      update(key, { condition });
    },
    /** Adds what the rules allow (see selectPostFiles) and says which alert to show. */
    addFiles(key: DraftKey, chosen: readonly File[]): FileSelection<File> {
      const draft = get(key);
      const selection = selectPostFiles(draft.files.length, chosen);
      if (selection.accepted.length > 0) {
        const added = selection.accepted.map(
          (file): DraftFile => ({
            id: `file-${++nextFileId}`,
            file,
            url: deps.createObjectUrl(file),
            kind: postFileKind(file),
          }),
        );
        update(key, { files: [...draft.files, ...added] });
      }
      return selection;
    },
    removeFile(key: DraftKey, id: string): void {
      const draft = get(key);
      const gone = draft.files.find((f) => f.id === id);
      if (!gone) return;
      deps.revokeObjectUrl(gone.url);
      update(key, { files: draft.files.filter((f) => f.id !== id) });
    },
    /** Empties the draft (after posting, or 'Discard Post?'), freeing its previews. */
    clear(key: DraftKey): void {
      const draft = get(key);
      for (const { url } of draft.files) deps.revokeObjectUrl(url);
      set(key, { ...EMPTY_DRAFT, version: draft.version + 1 });
    },
  };
}

/** The app's drafts. */
export const draftStore = createDraftStore({
  createObjectUrl: (file) => URL.createObjectURL(file),
  revokeObjectUrl: (url) => URL.revokeObjectURL(url),
});

export function useDraft(key: DraftKey, store: DraftStore = draftStore): Draft {
  const getSnapshot = useCallback(() => store.get(key), [store, key]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
