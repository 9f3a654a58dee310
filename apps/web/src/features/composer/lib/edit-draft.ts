import {
  type Condition,
  countPostText,
  type EditablePost,
  type EditMediaItem,
  type EditPostBody,
  LIMITS,
} from '@campus/contract';
import { type FileSelection, postFileKind, selectPostFiles } from './file-rules.ts';
import { priceTextToCents } from './price.ts';

/**
 * The edit form's state (docs/product/selling.md#editing-a-listing): the listing's text, price,
 * category, condition and its photos in order, kept ones (by id) and new files mixed. Pure
 * functions, so the order rules are tested without a browser; the form keeps it in React state.
 */
export type EditMedia =
  | { key: string; source: 'kept'; id: string; kind: 'image' | 'video'; url: string }
  | { key: string; source: 'new'; file: File; kind: 'image' | 'video'; url: string };

export interface EditDraft {
  editorState: unknown;
  blocks: readonly string[];
  category: string | null;
  priceText: string;
  /** The saved price when it had cents the whole-dollar box cannot show: sent back unless the box changes. */
  savedPriceCents: number | null;
  condition: Condition | null;
  media: readonly EditMedia[];
}

/** The whole-dollar box's text for a saved price ('' for none). */
function priceTextOf(cents: number | null): string {
  return cents === null ? '' : String(Math.floor(cents / 100));
}

/**
 * A Lexical state holding `plainText` as paragraphs: for a listing saved without the editor's
 * state (the demo listings, written by the seed), so its text is there to edit.
 */
function editorStateFromText(plainText: string): unknown {
  const paragraph = (line: string) => ({
    children: line ? [{ detail: 0, format: 0, mode: 'normal', style: '', text: line, type: 'text', version: 1 }] : [],
    direction: line ? 'ltr' : null,
    format: '',
    indent: 0,
    type: 'paragraph',
    version: 1,
    textFormat: 0,
    textStyle: '',
  });
  return {
    root: {
      children: plainText.split('\n').map(paragraph),
      direction: 'ltr',
      format: '',
      indent: 0,
      type: 'root',
      version: 1,
    },
  };
}

export function editDraftFrom(post: EditablePost): EditDraft {
  return {
    editorState: post.text ?? (post.plainText ? editorStateFromText(post.plainText) : null),
    blocks: post.plainText.split('\n'),
    category: post.category,
    priceText: priceTextOf(post.priceCents),
    savedPriceCents: post.priceCents,
    condition: post.condition,
    media: post.media.map((m) => ({ key: `kept-${m.id}`, source: 'kept', id: m.id, kind: m.kind, url: m.url })),
  };
}

function editDraftText(draft: Pick<EditDraft, 'blocks'>): string {
  return draft.blocks.join('\n');
}

export function editDraftCount(draft: Pick<EditDraft, 'blocks'>): number {
  return countPostText(draft.blocks);
}

/** As for a new post: text or a photo, and no more than 500 characters. */
export function canSaveEditDraft(draft: EditDraft): boolean {
  const hasBody = editDraftText(draft).trim() !== '' || draft.media.length > 0;
  return hasBody && editDraftCount(draft) <= LIMITS.postTextMax;
}

let nextKey = 0;

/** Adds what the composer's rules allow after the photos already there; says which alert to show. */
export function addEditFiles(
  draft: EditDraft,
  chosen: readonly File[],
  createObjectUrl: (file: File) => string,
): { draft: EditDraft; selection: FileSelection<File> } {
  const selection = selectPostFiles(draft.media.length, chosen);
  const added = selection.accepted.map(
    (file): EditMedia => ({
      key: `new-${++nextKey}`,
      source: 'new',
      file,
      kind: postFileKind(file),
      url: createObjectUrl(file),
    }),
  );
  return { draft: { ...draft, media: [...draft.media, ...added] }, selection };
}

export function removeEditMedia(draft: EditDraft, key: string): EditDraft {
  return { ...draft, media: draft.media.filter((m) => m.key !== key) };
}

/** Moves a photo one place earlier (-1) or later (+1); at either end nothing moves. */
export function moveEditMedia(draft: EditDraft, key: string, by: -1 | 1): EditDraft {
  const from = draft.media.findIndex((m) => m.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= draft.media.length) return draft;
  const media = [...draft.media];
  const [moved] = media.splice(from, 1);
  media.splice(to, 0, moved as EditMedia);
  return { ...draft, media };
}

/** The price to send: the saved one with its cents while the box shows it unchanged. */
function priceToSend(draft: EditDraft): number | null {
  if (draft.priceText === priceTextOf(draft.savedPriceCents)) return draft.savedPriceCents;
  return priceTextToCents(draft.priceText);
}

/** The multipart body of PATCH /api/posts/:id: the `post` JSON (contract EditPostBodySchema), then the new files. */
export function editDraftToFormData(draft: EditDraft): FormData {
  const files: File[] = [];
  const media = draft.media.map((m): EditMediaItem => {
    if (m.source === 'kept') return { id: m.id };
    files.push(m.file);
    return { file: files.length - 1 };
  });
  const body: EditPostBody = {
    ...(draft.editorState ? { text: draft.editorState } : {}),
    plainText: editDraftText(draft),
    category: draft.category,
    priceCents: priceToSend(draft),
    condition: draft.condition,
    media,
  };
  const form = new FormData();
  form.append('post', JSON.stringify(body));
  for (const file of files) form.append('files', file, file.name);
  return form;
}
