import { useCallback } from 'react';
import styles from './skeleton.module.css';

interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  circle?: boolean;
  className?: string;
}

const cssLength = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/** Placeholder block shown where content is expected; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = 16, circle = false, className }: SkeletonProps) {
  // Sized through the DOM, not a style attribute: the CSP (style-src 'self') refuses style
  // attributes in a page the server drew (decision 026), and hydration does not write them.
  const size = useCallback(
    (element: HTMLSpanElement | null) => {
      element?.style.setProperty('width', cssLength(width));
      element?.style.setProperty('height', cssLength(height));
    },
    [width, height],
  );
  return (
    <span
      ref={size}
      aria-hidden="true"
      className={[styles.skeleton, circle && styles.circle, className].filter(Boolean).join(' ')}
    />
  );
}
