import { PostCardSkeleton } from './post-card.tsx';

/** Stable keys for placeholder cards (they never reorder). */
const ROWS = ['a', 'b', 'c', 'd'] as const;

/** Four placeholder cards for a list's first page, every other one with a photo. */
export function PostListSkeleton({ count = 4 }: { count?: number }) {
  return (
    <>
      {ROWS.slice(0, count).map((row, index) => (
        <PostCardSkeleton key={row} media={index % 2 === 0} />
      ))}
    </>
  );
}
