import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';

/** Shown to visitors beside the sign-up entry points (spec 1 §2 "sidebar sign-up disclaimer"). */
export function SignupDisclaimer({ className }: { className?: string }) {
  return (
    <p className={className}>
      By signing up, you agree to the <Link to={paths.settings.terms.getHref()}>Terms of Service</Link> and{' '}
      <Link to={paths.settings.privacy.getHref()}>Privacy Policy</Link>, including{' '}
      <Link to={paths.settings.privacy.getHref('cookies')}>Cookie Use</Link>.
    </p>
  );
}
