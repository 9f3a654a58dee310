import type { PostThreadNode } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { indentsReplies, MAX_VISUAL_DEPTH, mapThread } from './thread.ts';

const node = (id: string, replies: PostThreadNode[] = []) =>
  ({ id, likesCount: 0, replies }) as unknown as PostThreadNode;

/** c1 → r1 → r2 → r3 → r4 → r5 (six levels), and c2 on its own. */
const thread = [node('c1', [node('r1', [node('r2', [node('r3', [node('r4', [node('r5')])])])])]), node('c2')];

/** The node `id` at any depth. */
function find(nodes: readonly PostThreadNode[], id: string): PostThreadNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = find(n.replies, id);
    if (found) return found;
  }
  return undefined;
}

/** How far each node is drawn indented, following indentsReplies down the tree. */
function indents(nodes: readonly PostThreadNode[], depth = 0, indent = 0, out = new Map<string, number>()) {
  for (const n of nodes) {
    out.set(n.id, indent);
    indents(n.replies, depth + 1, indentsReplies(depth) ? indent + 1 : indent, out);
  }
  return out;
}

describe('thread indentation', () => {
  it('steps replies in while the next level is within the cap of four', () => {
    expect(MAX_VISUAL_DEPTH).toBe(4);
    expect([0, 1, 2, 3, 4, 5].map(indentsReplies)).toEqual([true, true, true, true, false, false]);
  });

  it('draws replies at any depth, but never more than four levels in', () => {
    expect(Object.fromEntries(indents(thread))).toEqual({ c1: 0, r1: 1, r2: 2, r3: 3, r4: 4, r5: 4, c2: 0 });
  });
});

describe('mapThread', () => {
  it('updates one node deep down and copies only the path to it', () => {
    const updated = mapThread(thread, 'r3', (n) => ({ ...n, likesCount: 9 }));
    expect(find(updated, 'r3')?.likesCount).toBe(9);
    expect(find(updated, 'r2')?.likesCount).toBe(0);
    expect(updated[1]).toBe(thread[1]);
    expect(find(updated, 'r4')).toBe(find(thread, 'r4'));
  });

  it('returns an equal thread when the node is not there', () => {
    expect(mapThread(thread, 'nope', (n) => ({ ...n, likesCount: 1 }))).toEqual(thread);
  });
});
