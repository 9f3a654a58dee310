import type { PostThreadNode } from '@campus/contract';

/** Replies indent up to this depth; deeper replies line up with the fourth level. */
export const MAX_VISUAL_DEPTH = 4;

/** How far a comment at `depth` (0 = a comment on the post) is drawn indented. */
export function visualDepth(depth: number): number {
  return Math.max(0, Math.min(depth, MAX_VISUAL_DEPTH));
}

/** Whether the replies under a comment at `depth` step in once more (false past the cap). */
export function indentsReplies(depth: number): boolean {
  return depth + 1 <= MAX_VISUAL_DEPTH;
}

/** Every comment and reply of a thread, at any depth. */
export function countThread(nodes: readonly PostThreadNode[]): number {
  return nodes.reduce((sum, node) => sum + 1 + countThread(node.replies), 0);
}

/** Finds a comment or reply anywhere in the thread. */
export function findInThread(nodes: readonly PostThreadNode[], id: string): PostThreadNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findInThread(node.replies, id);
    if (found) return found;
  }
  return undefined;
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
