import { Lock } from 'lucide-react';
import { useAuthModal } from '@/components/auth-modal/index.ts';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './private-community.module.css';

/** What a logged-out visitor sees instead of the feed of a private campus (docs/product/community.md#private-campus). */
export function PrivateCommunity() {
  const campus = useCampus();
  const viewer = useViewer();
  const authModal = useAuthModal();
  return (
    <section className={styles.private}>
      <div className={styles.badge}>
        <CampusLogo className={styles.logo} size={88} />
        <span className={styles.lock}>
          <Lock size={16} strokeWidth={2.5} aria-hidden="true" />
        </span>
      </div>
      <h1 className={styles.title}>This community is private.</h1>
      <p className={styles.text}>
        Only verified students can see what’s for sale on {siteName(campus)}. Join with your school email to start
        buying and selling.
      </p>
      {viewer ? (
        // Signed in without a school: joining means verifying the school email.
        <ButtonLink to={paths.settings.schoolEmail.getHref()} size="lg">
          Click to Join
        </ButtonLink>
      ) : (
        <Button size="lg" onClick={() => authModal.open('join campus')}>
          Click to Join
        </Button>
      )}
    </section>
  );
}
