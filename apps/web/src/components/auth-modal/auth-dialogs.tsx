import { AUTH_SCREEN_TEXTS, BANNER_TEXTS } from '@campus/contract';
import { BadgeCheck, Mail, School } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { SignupDisclaimer } from '@/components/signup-disclaimer.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { DialogCloseButton, DialogShell, DialogTitle } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './auth-modals.module.css';
import { GoogleSignInButton } from './google-sign-in-button.tsx';
import type { AuthModalTrigger } from './trigger.ts';

/*
 * The login/join and verify-school dialogs themselves: loaded when one first opens
 * (auth-modals.tsx), so their words and layout are not part of the entry JavaScript.
 */

/** The tailored message per trigger; the spec names the triggers but not the words. */
function triggerCopy(trigger: AuthModalTrigger, site: string): { headline: string; text: string } {
  switch (trigger) {
    case 'search':
      return {
        headline: `Sign up to search ${site}`,
        text: 'Find textbooks, furniture, tickets and more from students on your campus.',
      };
    case 'post':
      return {
        headline: `Sign up to sell on ${site}`,
        text: 'List an item in under 30 seconds and reach students on your campus.',
      };
    case 'like':
      return {
        headline: 'Sign up to save posts',
        text: 'Keep the things you like in one place and come back to them.',
      };
    case 'comment':
      return { headline: 'Sign up to join the conversation', text: 'Ask about an item or reply to students nearby.' };
    case 'message':
      return { headline: 'Sign up to message sellers', text: 'Chat privately with buyers and sellers on your campus.' };
    case 'join campus':
      return {
        headline: `Join ${site}`,
        text: 'A private community for verified students: buy, sell and meet people on your campus.',
      };
  }
}

/**
 * The same modal for a signed-in member of another campus (a UT student on OU's site): they may
 * look around but not act here, so it asks them to join this campus, per trigger.
 */
function joinCopy(trigger: AuthModalTrigger, site: string): string {
  switch (trigger) {
    case 'search':
      return `Join ${site} to search it`;
    case 'post':
      return `Join ${site} to sell here`;
    case 'like':
      return `Join ${site} to save posts`;
    case 'comment':
      return `Join ${site} to join the conversation`;
    case 'message':
      return `Join ${site} to message sellers`;
    case 'join campus':
      return `Join ${site}`;
  }
}

const JOIN_CAMPUS_TEXTS = {
  title: 'Join this campus',
  // Not naming the other campus: its list lives with the contract's schemas, which the first
  // screen's JavaScript must not carry (this modal is in it).
  text: (campusName: string) =>
    `You're signed in as a member of another campus. Only verified students of ${campusName} can post, comment, save posts and send messages here.`,
  /** docs/product/accounts.md#joining-a-campus 'Join Campus': to the school email page for this campus. */
  button: 'Join Campus',
} as const;

/** Shared frame of both modals: small and centred on wide screens, a bottom sheet on phones. */
function SheetDialog({
  open,
  onOpenChange,
  title,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
}) {
  return (
    <DialogShell open={open} onOpenChange={onOpenChange} layout="sheet" className={styles.sheet}>
      <div className={styles.top}>
        <DialogTitle className={styles.title}>{title}</DialogTitle>
        <DialogCloseButton />
      </div>
      {children}
    </DialogShell>
  );
}

/** The login/join modal's body for a member of another campus: join this one, by its school email. */
function JoinCampusBody({ trigger, onClose }: { trigger: AuthModalTrigger; onClose: () => void }) {
  const campus = useCampus();
  return (
    <div className={styles.body} data-trigger={trigger}>
      <CampusLogo className={styles.logo} size={56} decorative />
      <p className={styles.headline}>{joinCopy(trigger, siteName(campus))}</p>
      <p className={styles.text}>{JOIN_CAMPUS_TEXTS.text(campus.name)}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.settings.schoolEmail.getHref({ campus: campus.id })} size="lg" block onClick={onClose}>
          <School aria-hidden="true" size={20} />
          {JOIN_CAMPUS_TEXTS.button}
        </ButtonLink>
      </div>
    </div>
  );
}

export function AuthModal({ trigger, onClose }: { trigger: AuthModalTrigger | null; onClose: () => void }) {
  const campus = useCampus();
  const viewer = useViewer();
  // Signed in with a verified school of another campus: only joining helps (use-member-gate.ts).
  const otherCampus = Boolean(viewer?.schoolVerified) && !campus.isHub && viewer?.campusId !== campus.id;
  // Keep the last trigger's words while the dialog animates closed.
  const [shown, setShown] = useState<AuthModalTrigger>('join campus');
  useEffect(() => {
    if (trigger) setShown(trigger);
  }, [trigger]);
  const copy = triggerCopy(trigger ?? shown, siteName(campus));

  return (
    <SheetDialog
      open={trigger !== null}
      onOpenChange={(open) => !open && onClose()}
      title={otherCampus ? JOIN_CAMPUS_TEXTS.title : AUTH_SCREEN_TEXTS.logInSignUp}
    >
      {otherCampus ? (
        <JoinCampusBody trigger={trigger ?? shown} onClose={onClose} />
      ) : (
        <div className={styles.body} data-trigger={trigger ?? shown}>
          <CampusLogo className={styles.logo} size={56} decorative />
          <p className={styles.headline}>{copy.headline}</p>
          <p className={styles.text}>{copy.text}</p>
          <div className={styles.actions}>
            <GoogleSignInButton />
            <ButtonLink to={paths.userRegistration.getHref()} variant="dark" size="lg" block onClick={onClose}>
              <Mail aria-hidden="true" size={20} />
              {AUTH_SCREEN_TEXTS.continueWithEmail}
            </ButtonLink>
          </div>
          <p className={styles.hint}>{AUTH_SCREEN_TEXTS.takesSeconds}</p>
          <p className={styles.switch}>
            Already have an account?{' '}
            <Link to={paths.login.getHref()} onClick={onClose}>
              Log in
            </Link>
          </p>
          <SignupDisclaimer className={styles.disclaimer} />
        </div>
      )}
    </SheetDialog>
  );
}

export function VerifySchoolModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const campus = useCampus();
  return (
    <SheetDialog open={open} onOpenChange={(next) => !next && onClose()} title={BANNER_TEXTS.verifyYourAccount}>
      <div className={styles.body}>
        <span className={styles.badge}>
          <BadgeCheck aria-hidden="true" size={32} />
        </span>
        <p className={styles.headline}>Verify your school email</p>
        <p className={styles.text}>
          Only verified students can post, comment, save posts and send messages on {siteName(campus)}. It takes a
          minute: we send a 4-digit PIN to your school email.
        </p>
        <div className={styles.actions}>
          <ButtonLink to={paths.settings.schoolEmail.getHref()} size="lg" block onClick={onClose}>
            {BANNER_TEXTS.verifyAccount}
          </ButtonLink>
        </div>
      </div>
    </SheetDialog>
  );
}
