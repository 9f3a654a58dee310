import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/**
 * Shown to visitors beside the sign-up entry points (docs/product/community.md#shell-and-layout),
 * also under the sign-in screens and the login/join modal. Links open in a new tab when the
 * reader is in the middle of a form (`newTab`).
 */
export function SignupDisclaimer({ className, newTab = false }: { className?: string; newTab?: boolean }) {
  const target = newTab ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <p className={className}>
      By signing up, you agree to the{' '}
      <Link to={paths.settings.terms.getHref()} {...target}>
        Terms of Service
      </Link>{' '}
      and{' '}
      <Link to={paths.settings.privacy.getHref()} {...target}>
        Privacy Policy
      </Link>
      , including{' '}
      <Link to={paths.settings.privacy.getHref('cookies')} {...target}>
        Cookie Use
      </Link>
      .
    </p>
  );
}
