import { AUTH_SCREEN_TEXTS } from '@campus/contract';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { GoogleSignInButton } from '@/components/auth-modal/index.ts';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { SignupDisclaimer } from '@/components/signup-disclaimer.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import { AuthCard } from './auth-card.tsx';
import styles from './auth-form.module.css';

/** /user_registration: the front door — Google, email, or log in (docs/product/accounts.md#sign-in-routes). */
export function RegistrationLanding() {
  const campus = useCampus();
  const lead = campus.isHub
    ? 'The marketplace and social feed for college students.'
    : `The marketplace and social feed for students at ${campus.name}.`;
  return (
    <AuthCard
      title={`Join ${siteName(campus)}`}
      art={<CampusLogo className={styles.logo} size={72} decorative />}
      lead={lead}
      footer={
        <p>
          Already have an account?{' '}
          <Link className={styles.link} to={paths.login.getHref()}>
            Log in
          </Link>
        </p>
      }
    >
      <div className={styles.stack}>
        <GoogleSignInButton />
        <ButtonLink to={paths.register.getHref()} variant="dark" size="lg" block>
          <Mail aria-hidden="true" size={20} />
          {AUTH_SCREEN_TEXTS.continueWithEmail}
        </ButtonLink>
      </div>
      <p className={styles.note}>{AUTH_SCREEN_TEXTS.takesSeconds}</p>
      <SignupDisclaimer className={styles.legal} />
    </AuthCard>
  );
}
