import type { EditablePost } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import {
  addEditFiles,
  canSaveEditDraft,
  editDraftFrom,
  editDraftToFormData,
  moveEditMedia,
  removeEditMedia,
} from './edit-draft.ts';

const media = (id: string) => ({
  id,
  kind: 'image' as const,
  url: `/m/${id}`,
  fullUrl: `/m/${id}-full`,
  width: 10,
  height: 10,
});
const saved = (over: Partial<EditablePost> = {}): EditablePost => ({
  id: 'p1',
  text: null,
  plainText: 'Desk lamp\nWorks',
  category: 'furniture',
  priceCents: 6050,
  condition: 'good',
  media: [media('a'), media('b'), media('c')],
  ...over,
});
const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const bodyOf = (form: FormData) => JSON.parse(String(form.get('post')));

describe('the edit draft (docs/product/selling.md#editing-a-listing)', () => {
  it('starts from the saved listing, its text as paragraphs when no editor state was saved', () => {
    const draft = editDraftFrom(saved());
    expect(draft.blocks).toEqual(['Desk lamp', 'Works']);
    expect(draft.priceText).toBe('60');
    expect(draft.media.map((m) => (m.source === 'kept' ? m.id : ''))).toEqual(['a', 'b', 'c']);
    const root = (draft.editorState as { root: { children: { children: { text: string }[] }[] } }).root;
    expect(root.children.map((p) => p.children[0]?.text)).toEqual(['Desk lamp', 'Works']);
  });

  it('moves photos one place at a time, never past either end, and removes them', () => {
    let draft = editDraftFrom(saved());
    const [a, b, c] = draft.media.map((m) => m.key) as [string, string, string];
    draft = moveEditMedia(draft, c, -1);
    expect(draft.media.map((m) => m.key)).toEqual([a, c, b]);
    expect(moveEditMedia(draft, a, -1)).toBe(draft);
    expect(moveEditMedia(draft, b, 1)).toBe(draft);
    draft = removeEditMedia(draft, a);
    expect(draft.media.map((m) => m.key)).toEqual([c, b]);
  });

  it('adds files after the kept ones, still at most 10, and sends the order by id and file index', () => {
    let draft = editDraftFrom(saved());
    const added = addEditFiles(draft, [photo('x.jpg'), photo('y.jpg')], () => 'blob:x');
    draft = added.draft;
    expect(added.selection.alert).toBeNull();
    const newKey = draft.media[3]?.key as string;
    draft = moveEditMedia(moveEditMedia(moveEditMedia(draft, newKey, -1), newKey, -1), newKey, -1);
    draft = removeEditMedia(draft, draft.media[1]?.key as string);
    const form = editDraftToFormData(draft);
    expect(bodyOf(form).media).toEqual([{ file: 0 }, { id: 'b' }, { id: 'c' }, { file: 1 }]);
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['x.jpg', 'y.jpg']);

    const full = addEditFiles(
      draft,
      Array.from({ length: 9 }, (_, i) => photo(`${i}.jpg`)),
      () => 'blob:y',
    );
    expect(full.draft.media).toHaveLength(10);
    expect(full.selection.alert).toBe('tooManyFiles');
  });

  it('keeps a saved price with cents until the box changes, and sends condition and category', () => {
    const draft = editDraftFrom(saved());
    expect(bodyOf(editDraftToFormData(draft))).toMatchObject({
      priceCents: 6050,
      condition: 'good',
      category: 'furniture',
    });
    expect(bodyOf(editDraftToFormData({ ...draft, priceText: '45' })).priceCents).toBe(4500);
    expect(bodyOf(editDraftToFormData({ ...draft, priceText: '' })).priceCents).toBeNull();
    expect(bodyOf(editDraftToFormData({ ...draft, condition: null })).condition).toBeNull();
  });

  it('needs text or a photo, like a new post', () => {
    const draft = editDraftFrom(saved({ media: [] }));
    expect(canSaveEditDraft(draft)).toBe(true);
    expect(canSaveEditDraft({ ...draft, blocks: [' '] })).toBe(false);
    expect(canSaveEditDraft({ ...draft, blocks: ['x'.repeat(501)] })).toBe(false);
  });
});
