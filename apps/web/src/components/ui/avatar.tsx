import { UserRound } from 'lucide-react';
import styles from './avatar.module.css';

interface AvatarProps {
  src?: string | null;
  /** Empty for a decorative avatar next to the person's name. */
  alt?: string;
  size?: number;
  className?: string;
}

/**
 * The photo (or the placeholder icon) is `size` pixels square by its own width and height, and
 * the round frame fits it: no style attribute, which the CSP (style-src 'self') would drop from
 * a page the server drew (decision 026), and hydration would not write again.
 */
export function Avatar({ src, alt = '', size = 40, className }: AvatarProps) {
  return (
    <span className={[styles.avatar, className].filter(Boolean).join(' ')}>
      {src ? (
        <img src={src} alt={alt} width={size} height={size} />
      ) : (
        <UserRound aria-hidden="true" size={size} className={styles.placeholder} />
      )}
    </span>
  );
}
