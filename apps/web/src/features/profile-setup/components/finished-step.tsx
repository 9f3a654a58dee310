import type { Viewer } from '@campus/contract';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar.tsx';
import styles from './profile-set-up.module.css';

interface FinishedStepProps {
  viewer: Viewer;
  /** The button back to where set-up began ('Continue Posting', 'Back to Home', 'Back to Profile'). */
  action: ReactNode;
}

/** 'Your profile is finished!' (the dialog's title): the profile as others will see it. */
export function FinishedStep({ viewer, action }: FinishedStepProps) {
  return (
    <div className={styles.step}>
      <div className={styles.card}>
        <span className={styles.cardAvatar}>
          <Avatar src={viewer.img} size={96} />
          <span className={styles.check}>
            <CircleCheck size={28} aria-hidden="true" />
          </span>
        </span>
        <p className={styles.cardName}>
          {viewer.firstName} {viewer.lastName}
        </p>
        <p className={styles.cardUsername}>@{viewer.username}</p>
        {viewer.bio && <p className={styles.cardBio}>{viewer.bio}</p>}
      </div>
      <div className={styles.actions}>{action}</div>
    </div>
  );
}
