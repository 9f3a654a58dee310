import { MODERATION_MESSAGES, MODERATION_SCREEN_TEXTS, suspensionEndText } from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldOff } from 'lucide-react';
import { Link, Navigate } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { useAccountHold } from '@/lib/account-hold.ts';
import { useCampus } from '@/lib/campus.ts';
import { forgetViewer } from '../api/get-me.ts';
import { useSignOut } from '../api/sign-out.ts';
import { AuthCard } from './auth-card.tsx';
import styles from './auth-form.module.css';

/**
 * /suspended (docs/product/moderation.md#suspension): a suspended member sees until when (on
 * the campus's clock) and why; a banned one that it is for good. Sign out leaves the page: the
 * session is forgotten even when the server has already ended it (a ban), so the tab never stays
 * stuck here. Anyone else has nothing to read here and goes home.
 */
export function SuspensionNotice() {
  const hold = useAccountHold();
  const campus = useCampus();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  if (!hold) return <Navigate replace to={paths.home.getHref()} />;

  const banned = hold.until === null;
  // On the campus's clock, as the notification and the sign-in refusal say it: the server's
  // document and the browser draw the same text.
  const until = hold.until ? suspensionEndText(hold.until, campus.slug) : null;
  return (
    <AuthCard
      title={banned ? MODERATION_MESSAGES.bannedTitle : MODERATION_MESSAGES.suspendedTitle}
      art={
        <span className={styles.art}>
          <ShieldOff aria-hidden="true" size={28} />
        </span>
      }
      lead={banned ? MODERATION_MESSAGES.bannedBody : until && MODERATION_MESSAGES.suspendedUntil(until)}
    >
      {hold.reason && <p className={styles.holdReason}>{MODERATION_MESSAGES.suspendedReason(hold.reason)}</p>}
      <p className={styles.holdContact}>
        <Link to={paths.settings.trustAndSafety.getHref()}>{MODERATION_MESSAGES.contactLine}</Link>
      </p>
      <div className={styles.stack}>
        <Button
          variant="dark"
          size="lg"
          block
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onError: () => forgetViewer(queryClient) })}
        >
          {signOut.isPending ? MODERATION_SCREEN_TEXTS.signingOut : MODERATION_SCREEN_TEXTS.signOut}
        </Button>
      </div>
    </AuthCard>
  );
}
