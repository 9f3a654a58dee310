import styles from './skeleton.module.css';

interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  circle?: boolean;
  className?: string;
}

/** Placeholder block shown where content is expected; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = 16, circle = false, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, circle && styles.circle, className].filter(Boolean).join(' ')}
      style={{ width, height }}
    />
  );
}
