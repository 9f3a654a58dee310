import { describe, expect, it } from 'vitest';
import {
  canSubmitDraft,
  createDraftStore,
  type Draft,
  draftCount,
  draftHasContent,
  draftKeyFor,
  draftPlainText,
  draftToBody,
  draftToFormData,
  EMPTY_DRAFT,
} from './draft-store.ts';

function setup() {
  const created: string[] = [];
  const revoked: string[] = [];
  const store = createDraftStore({
    createObjectUrl: (file) => {
      const url = `blob:${file.name}`;
      created.push(url);
      return url;
    },
    revokeObjectUrl: (url) => revoked.push(url),
  });
  return { store, created, revoked };
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const draft = (change: Partial<Draft>): Draft => ({ ...EMPTY_DRAFT, ...change });

describe('draft rules', () => {
  it('counts blocks plus 2 per break between them, and joins them with one newline', () => {
    const d = draft({ blocks: ['Desk', '', 'Chair'] });
    expect(draftPlainText(d)).toBe('Desk\n\nChair');
    expect(draftCount(d)).toBe(4 + 0 + 5 + 2 * 2);
  });

  it('needs text or a file to send, and at most 500 characters', () => {
    expect(canSubmitDraft(EMPTY_DRAFT)).toBe(false);
    expect(canSubmitDraft(draft({ blocks: ['   '] }))).toBe(false);
    expect(canSubmitDraft(draft({ blocks: ['Lamp'] }))).toBe(true);
    expect(canSubmitDraft(draft({ files: [{ id: 'f', file: png('a.png'), url: 'blob:a', kind: 'image' }] }))).toBe(
      true,
    );
    expect(canSubmitDraft(draft({ blocks: ['x'.repeat(500)] }))).toBe(true);
    expect(canSubmitDraft(draft({ blocks: ['x'.repeat(250), 'y'.repeat(249)] }))).toBe(false);
  });

  it('has content to lose with text, files, a category or a price', () => {
    expect(draftHasContent(EMPTY_DRAFT)).toBe(false);
    expect(draftHasContent(draft({ blocks: [''] }))).toBe(false);
    expect(draftHasContent(draft({ category: 'furniture' }))).toBe(true);
    expect(draftHasContent(draft({ priceText: '0' }))).toBe(true);
  });

  it('builds the post body: cents, null for no price, parent for comments', () => {
    const d = draft({
      blocks: ['Desk', 'Like new'],
      editorState: { root: {} },
      category: 'furniture',
      priceText: '0',
      condition: 'like new',
    });
    expect(draftToBody(d, null)).toEqual({
      text: { root: {} },
      plainText: 'Desk\nLike new',
      category: 'furniture',
      priceCents: 0,
      condition: 'like new',
      parentId: null,
    });
    expect(draftToBody(draft({ blocks: ['Nice'], priceText: '' }), null).priceCents).toBeNull();
    // A comment carries neither category, price nor condition.
    expect(draftToBody(d, 'post-1')).toMatchObject({
      category: null,
      priceCents: null,
      condition: null,
      parentId: 'post-1',
    });
  });

  it('puts the post JSON first, then the files in order', () => {
    const files = [png('a.png'), png('b.png')].map((file, i) => ({
      id: `f${i}`,
      file,
      url: `blob:${i}`,
      kind: 'image' as const,
    }));
    const form = draftToFormData(draft({ blocks: ['Hi'], files }), null);
    expect([...form.keys()]).toEqual(['post', 'files', 'files']);
    expect(JSON.parse(String(form.get('post')))).toMatchObject({ plainText: 'Hi' });
    expect((form.getAll('files') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.png']);
  });

  it('keys drafts by what they answer', () => {
    expect(draftKeyFor(null)).toBe('post');
    expect(draftKeyFor('abc')).toBe('comment:abc');
  });
});

describe('createDraftStore', () => {
  it('keeps a draft per key and tells subscribers', () => {
    const { store } = setup();
    let calls = 0;
    store.subscribe(() => calls++);
    store.setText('post', ['Desk'], { root: 1 });
    store.setCategory('post', 'furniture');
    store.setPriceText('post', '40');
    store.setText('comment:p1', ['Still available?'], null);

    expect(store.get('post')).toMatchObject({ blocks: ['Desk'], category: 'furniture', priceText: '40' });
    expect(store.get('comment:p1').blocks).toEqual(['Still available?']);
    expect(store.get('comment:other')).toBe(EMPTY_DRAFT);
    expect(calls).toBe(4);
  });

  it('adds allowed files with previews, keeps ten, and reports the alert', () => {
    const { store, created } = setup();
    const first = store.addFiles('post', [png('a.png'), new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect(first.alert).toBe('onlyPhotosAndVideos');
    expect(store.get('post').files.map((f) => f.file.name)).toEqual(['a.png']);

    const more = store.addFiles(
      'post',
      Array.from({ length: 10 }, (_, i) => png(`p${i}.png`)),
    );
    expect(more.alert).toBe('tooManyFiles');
    expect(store.get('post').files).toHaveLength(10);
    expect(created).toHaveLength(10);
    expect(new Set(store.get('post').files.map((f) => f.id)).size).toBe(10);
  });

  it('revokes the preview of a removed file', () => {
    const { store, revoked } = setup();
    store.addFiles('post', [png('a.png'), png('b.png')]);
    const [a] = store.get('post').files;
    store.removeFile('post', a?.id ?? '');
    expect(revoked).toEqual(['blob:a.png']);
    expect(store.get('post').files.map((f) => f.file.name)).toEqual(['b.png']);
  });

  it('clears everything, revokes every preview and bumps the version', () => {
    const { store, revoked } = setup();
    store.setText('post', ['Desk'], { root: 1 });
    store.setCategory('post', 'furniture');
    store.addFiles('post', [png('a.png'), png('b.png')]);
    store.clear('post');

    const cleared = store.get('post');
    expect(cleared).toEqual({ ...EMPTY_DRAFT, version: 1 });
    expect(revoked).toEqual(['blob:a.png', 'blob:b.png']);
    expect(draftHasContent(cleared)).toBe(false);
  });
});
