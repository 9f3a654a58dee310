import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { GoogleSignInButton } from '@/components/auth-modal/index.ts';
import { IconButton, IconLink } from '@/components/ui/button.tsx';
import { siteName, useCampus } from '@/lib/campus.ts';
import styles from './auth-form.module.css';

type Back = { to: string; label?: string } | { onClick: () => void; label?: string; disabled?: boolean };

interface AuthCardProps {
  title: string;
  /** Under the title. */
  lead?: ReactNode;
  /** A picture above the title (logo, envelope …). */
  art?: ReactNode;
  back?: Back;
  children: ReactNode;
  /** Under the card's content, outside the main block (switch links, legal text). */
  footer?: ReactNode;
}

/** The frame of every sign-in screen: back button, title, lead and content, one column. */
export function AuthCard({ title, lead, art, back, children, footer }: AuthCardProps) {
  const campus = useCampus();
  const titleId = useId();
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · ${siteName(campus)}`;
    return () => {
      document.title = previous;
    };
  }, [title, campus]);

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      {back && (
        <div className={styles.backRow}>
          {'to' in back ? (
            <IconLink to={back.to} label={back.label ?? 'Back'}>
              <ArrowLeft aria-hidden="true" size={20} />
            </IconLink>
          ) : (
            <IconButton label={back.label ?? 'Back'} onClick={back.onClick} disabled={back.disabled}>
              <ArrowLeft aria-hidden="true" size={20} />
            </IconButton>
          )}
        </div>
      )}
      <div className={styles.heading}>
        {art}
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {lead && <div className={styles.lead}>{lead}</div>}
      </div>
      {children}
      {footer && <div className={styles.cardFooter}>{footer}</div>}
    </section>
  );
}

/** A thin rule with 'or' between sign-in methods. */
function OrDivider() {
  return (
    <p className={styles.divider}>
      <span>or</span>
    </p>
  );
}

/** 'Continue with Google', then 'or' before the email form — on campuses that offer Google. */
export function GoogleOption() {
  const campus = useCampus();
  if (!campus.signIn.google) return null;
  return (
    <>
      <div className={styles.stack}>
        <GoogleSignInButton />
      </div>
      <OrDivider />
    </>
  );
}
