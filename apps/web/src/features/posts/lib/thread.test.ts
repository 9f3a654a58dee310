import type { PostThreadNode } from '@campus/contract';
import { describe, expect, it } from 'vitest';
import { countThread, findInThread, indentsReplies, MAX_VISUAL_DEPTH, mapThread, visualDepth } from './thread.ts';

const node = (id: string, replies: PostThreadNode[] = []) =>
  ({ id, likesCount: 0, replies }) as unknown as PostThreadNode;

/** c1 → r1 → r2 → r3 → r4 → r5 (six levels), and c2 on its own. */
const thread = [node('c1', [node('r1', [node('r2', [node('r3', [node('r4', [node('r5')])])])])]), node('c2')];

describe('thread indentation', () => {
  it('indents up to four levels and no further', () => {
    expect(MAX_VISUAL_DEPTH).toBe(4);
    expect([0, 1, 2, 3, 4, 5, 9].map(visualDepth)).toEqual([0, 1, 2, 3, 4, 4, 4]);
    expect(visualDepth(-1)).toBe(0);
  });

  it('steps replies in while the next level is within the cap', () => {
    expect([0, 1, 2, 3, 4, 5].map(indentsReplies)).toEqual([true, true, true, true, false, false]);
  });
});

describe('thread helpers', () => {
  it('counts comments and replies at every depth', () => {
    expect(countThread(thread)).toBe(7);
    expect(countThread([])).toBe(0);
  });

  it('finds a reply at any depth', () => {
    expect(findInThread(thread, 'r5')?.id).toBe('r5');
    expect(findInThread(thread, 'nope')).toBeUndefined();
  });

  it('updates one node deep down and copies only the path to it', () => {
    const updated = mapThread(thread, 'r3', (n) => ({ ...n, likesCount: 9 }));
    expect(findInThread(updated, 'r3')?.likesCount).toBe(9);
    expect(findInThread(updated, 'r2')?.likesCount).toBe(0);
    expect(updated[1]).toBe(thread[1]);
    expect(findInThread(updated, 'r4')).toBe(findInThread(thread, 'r4'));
  });
});
