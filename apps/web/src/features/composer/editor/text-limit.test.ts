import { countPostText } from '@campus/contract';
import {
  $createLineBreakNode,
  $createParagraphNode,
  $createTextNode,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $isTextNode,
  createEditor,
  type LexicalEditor,
} from 'lexical';
import { describe, expect, it } from 'vitest';
import { $getBlocks, registerTextLimit } from './text-limit.ts';

/**
 * The limit as a model rule, through Lexical's update API without a DOM (no typing: jsdom
 * can't type into Lexical; the e2e suite types for real in Chromium).
 */
function setup(initial: string) {
  const editor = createEditor({ namespace: 'test', onError: (error) => Promise.reject(error) });
  let blocked = 0;
  registerTextLimit(editor, () => blocked++);
  editor.update(
    () => {
      const paragraph = $createParagraphNode();
      paragraph.append($createTextNode(initial));
      $getRoot().clear().append(paragraph);
      paragraph.selectEnd();
    },
    { discrete: true },
  );
  return { editor, blocked: () => blocked };
}

function insert(editor: LexicalEditor, text: string) {
  editor.update(
    () => {
      const selection = $getSelection();
      if ($isRangeSelection(selection)) selection.insertRawText(text);
    },
    { discrete: true },
  );
}

const blocksOf = (editor: LexicalEditor) => editor.getEditorState().read($getBlocks);
const flush = () => new Promise((resolve) => queueMicrotask(() => resolve(null)));

describe('registerTextLimit', () => {
  it('lets text in up to 500', async () => {
    const { editor, blocked } = setup('x'.repeat(495));
    insert(editor, 'abcde');
    expect(countPostText(blocksOf(editor))).toBe(500);
    await flush();
    expect(blocked()).toBe(0);
  });

  it('refuses the 501st character', async () => {
    const { editor, blocked } = setup('x'.repeat(500));
    insert(editor, 'y');
    expect(blocksOf(editor)).toEqual(['x'.repeat(500)]);
    await flush();
    expect(blocked()).toBe(1);
  });

  it('keeps the part of a paste that fits, in place, wherever the caret is', () => {
    const { editor } = setup('x'.repeat(496));
    editor.update(
      () => {
        const text = $getRoot().getFirstDescendant();
        if ($isTextNode(text)) text.select(2, 2);
      },
      { discrete: true },
    );
    insert(editor, 'HELLO');
    const [block] = blocksOf(editor);
    expect(block).toBe(`xxHELL${'x'.repeat(494)}`);
  });

  it('counts a line break as 2: Enter at 499 is refused', () => {
    const { editor } = setup('x'.repeat(499));
    editor.update(
      () => {
        const selection = $getSelection();
        if ($isRangeSelection(selection)) selection.insertNodes([$createLineBreakNode()]);
      },
      { discrete: true },
    );
    expect(blocksOf(editor)).toEqual(['x'.repeat(499)]);
  });

  it('takes the overflow of a multi-line paste from its end', () => {
    const { editor } = setup('x'.repeat(491));
    // 491 + 'ab' + break (2) + 'cd' + break (2) + 'ef' = 501: the 'f' goes.
    insert(editor, 'ab\ncd\nef');
    const [block = ''] = blocksOf(editor);
    expect(block).toBe(`${'x'.repeat(491)}ab\ncd\ne`);
    expect(countPostText([block])).toBe(500);
  });

  it('counts code points: an emoji is one character', () => {
    const { editor } = setup('x'.repeat(498));
    insert(editor, '😀😀😀');
    expect(blocksOf(editor)).toEqual([`${'x'.repeat(498)}😀😀`]);
  });
});
