import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'dark' | 'ghost' | 'danger';
type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of the container. */
  block?: boolean;
}

export function buttonClassName({ variant = 'primary', size = 'md', block = false }: StyleProps, extra?: string) {
  return [styles.button, styles[variant], styles[size], block && styles.block, extra].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & StyleProps;

export function Button({ variant, size, block, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName({ variant, size, block }, className)} {...props} />;
}

/** A link that looks like a button: for anything that goes somewhere rather than does something. */
export function ButtonLink({ variant, size, block, className, ...props }: LinkProps & StyleProps) {
  return <Link className={buttonClassName({ variant, size, block }, className)} {...props} />;
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Accessible name; icon buttons have no visible text. */
  label: string;
  children: ReactNode;
}

export function IconButton({ label, className, type = 'button', children, ...props }: IconButtonProps) {
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={[styles.iconButton, className].filter(Boolean).join(' ')}
      {...props}
    >
      {children}
    </button>
  );
}

export function IconLink({ label, className, children, ...props }: LinkProps & { label: string }) {
  return (
    <Link
      aria-label={label}
      title={label}
      className={[styles.iconButton, className].filter(Boolean).join(' ')}
      {...props}
    >
      {children}
    </Link>
  );
}
