import type { PostThreadNode } from '@campus/contract';

/** Replies indent up to this depth; deeper replies line up with the fourth level. */
export const MAX_VISUAL_DEPTH = 4;

/**
 * Whether the replies under a comment at `depth` (0 = a comment on the post) step in once
 * more: they do while their own depth is within the cap, and line up past it.
 */
export function indentsReplies(depth: number): boolean {
  return depth + 1 <= MAX_VISUAL_DEPTH;
}

/** The thread with `update` applied to the node `id` (and nothing else copied). */
export function mapThread(
  nodes: readonly PostThreadNode[],
  id: string,
  update: (node: PostThreadNode) => PostThreadNode,
): PostThreadNode[] {
  return nodes.map((node) => {
    if (node.id === id) return update(node);
    const replies = mapThread(node.replies, id, update);
    return replies.some((reply, i) => reply !== node.replies[i]) ? { ...node, replies } : node;
  });
}
