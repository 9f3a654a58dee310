import styles from './badge.module.css';

interface CountBadgeProps {
  count: number;
  /** What is counted, for screen readers: '3 unread notifications'. */
  label: string;
  className?: string;
}

/** Unread counter placed on an icon; renders nothing unless the count is above 0. */
export function CountBadge({ count, label, className }: CountBadgeProps) {
  if (count <= 0) return null;
  return (
    <span className={[styles.badge, className].filter(Boolean).join(' ')}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">
        {count} {label}
      </span>
    </span>
  );
}
