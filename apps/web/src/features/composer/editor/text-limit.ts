import { countPostText, LIMITS } from '@campus/contract';
import {
  $getRoot,
  $getSelection,
  $isElementNode,
  $isLineBreakNode,
  $isRangeSelection,
  $isTextNode,
  type LexicalEditor,
  type LexicalNode,
  RootNode,
} from 'lexical';

/** The text of each top-level block (paragraph); a line break inside one reads as '\n'. */
export function $getBlocks(): string[] {
  return $getRoot()
    .getChildren()
    .map((block) => block.getTextContent());
}

/**
 * Deletes `overflow` (in the post count's units: a code point is 1, a line break 2) from
 * just before the caret, which is where new text has just arrived. Returns what could not
 * be deleted there (the caret at the very start of a block, or no collapsed caret).
 */
function $trimBeforeCaret(overflow: number): number {
  let remaining = overflow;
  // Each round deletes something or moves the caret one node back; the guard is a backstop.
  for (let round = 0; remaining > 0 && round < 10_000; round++) {
    const selection = $getSelection();
    if (!$isRangeSelection(selection) || !selection.isCollapsed()) break;
    const { anchor } = selection;
    const node = anchor.getNode();
    let previous: LexicalNode | null;
    if ($isTextNode(node)) {
      if (anchor.offset > 0) {
        const text = node.getTextContent();
        const head = Array.from(text.slice(0, anchor.offset));
        const take = Math.min(remaining, head.length);
        const kept = head.slice(0, head.length - take).join('');
        node.setTextContent(kept + text.slice(anchor.offset));
        node.select(kept.length, kept.length);
        remaining -= take;
        continue;
      }
      previous = node.getPreviousSibling();
    } else if ($isElementNode(node)) {
      previous = anchor.offset > 0 ? node.getChildAtIndex(anchor.offset - 1) : null;
    } else {
      break;
    }
    if (previous === null) break;
    if ($isLineBreakNode(previous)) {
      const parent = previous.getParentOrThrow();
      const index = previous.getIndexWithinParent();
      previous.remove();
      parent.select(index, index);
      remaining -= LIMITS.postBlockBreakWeight;
    } else if ($isTextNode(previous)) {
      const end = previous.getTextContentSize();
      previous.select(end, end);
    } else if ($isElementNode(previous)) {
      previous.selectEnd();
    } else {
      break;
    }
  }
  return remaining;
}

/**
 * Blocks typing past 500 (docs/product/community.md#post-text-limit): whenever an edit takes the count over the limit, the
 * overflow is removed again before anything is drawn — from just before the caret, so the
 * keystroke (or the tail of a paste) is what disappears, wherever in the text it happened.
 * A transform rather than key handling: text also arrives by paste, drop, autocorrect and
 * the browser's own input, and all of them end up here. `onBlocked` runs after each refusal.
 */
export function registerTextLimit(editor: LexicalEditor, onBlocked: () => void): () => void {
  return editor.registerNodeTransform(RootNode, () => {
    const overflow = countPostText($getBlocks()) - LIMITS.postTextMax;
    if (overflow <= 0) return;
    let remaining = $trimBeforeCaret(overflow);
    if (remaining > 0) {
      // No usable caret (an edit made from code): take it from the end instead.
      $getRoot().selectEnd();
      remaining = $trimBeforeCaret(remaining);
    }
    queueMicrotask(onBlocked);
  });
}
