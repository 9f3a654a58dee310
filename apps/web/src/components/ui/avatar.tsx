import { UserRound } from 'lucide-react';
import styles from './avatar.module.css';

interface AvatarProps {
  src?: string | null;
  /** Empty for a decorative avatar next to the person's name. */
  alt?: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, alt = '', size = 40, className }: AvatarProps) {
  return (
    <span className={[styles.avatar, className].filter(Boolean).join(' ')} style={{ width: size, height: size }}>
      {src ? (
        <img src={src} alt={alt} width={size} height={size} />
      ) : (
        <UserRound aria-hidden="true" size={Math.round(size * 0.6)} />
      )}
    </span>
  );
}
