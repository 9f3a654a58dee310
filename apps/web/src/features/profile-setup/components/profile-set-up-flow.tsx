import { PROFILE_MESSAGES, type Viewer } from '@campus/contract';
import { type ReactNode, useState } from 'react';
import type { ProfileSetUpOrigin } from '@/config/paths.ts';
import { BioStep } from './bio-step.tsx';
import { FinishedStep } from './finished-step.tsx';
import { PhotoStep } from './photo-step.tsx';
import styles from './profile-set-up.module.css';
import { STEP_TEXTS } from './step-texts.ts';

export type SetUpStep = 'photo' | 'bio' | 'done';

/** Each step's heading (docs/product/profiles.md#profile-set-up); the dialog or page shows it as its title. */
export const STEP_TITLES: Record<SetUpStep, string> = {
  photo: PROFILE_MESSAGES.pickPicture,
  bio: PROFILE_MESSAGES.describeYourself,
  done: PROFILE_MESSAGES.profileFinished,
};

/** The last button names the place set-up returns to (docs/product/profiles.md#profile-set-up). */
export const FINISH_LABELS: Record<ProfileSetUpOrigin, string> = {
  post: PROFILE_MESSAGES.continuePosting,
  home: PROFILE_MESSAGES.backToHome,
  profile: PROFILE_MESSAGES.backToProfile,
};

export function parseOrigin(value: string | null): ProfileSetUpOrigin {
  return value === 'post' || value === 'profile' ? value : 'home';
}

/**
 * The flow's state, held by the page so that it survives the switch between dialog (desktop)
 * and full page (phone) when the window is resized.
 */
export function useProfileSetUpState(viewer: Viewer) {
  const [step, setStep] = useState<SetUpStep>('photo');
  const [file, setFile] = useState<File | null>(null);
  const [bio, setBio] = useState(viewer.bio ?? '');
  const [busy, setBusy] = useState(false);
  return { step, setStep, file, setFile, bio, setBio, busy, setBusy };
}
type ProfileSetUpState = ReturnType<typeof useProfileSetUpState>;

interface ProfileSetUpFlowProps {
  viewer: Viewer;
  state: ProfileSetUpState;
  /** The button of the last step. */
  finishAction: ReactNode;
}

/** Picture, then bio, then 'Your profile is finished!' (docs/product/profiles.md#profile-set-up). */
export function ProfileSetUpFlow({ viewer, state, finishAction }: ProfileSetUpFlowProps) {
  const { step, setStep } = state;
  const index = step === 'photo' ? 1 : 2;
  return (
    <>
      {step !== 'done' && (
        <div className={styles.progress}>
          <p className={styles.stepOf}>{STEP_TEXTS.stepOf(index, 2)}</p>
          <div className={styles.dots} aria-hidden="true">
            <span className={styles.dot} data-active="true" />
            <span className={styles.dot} data-active={index === 2} />
          </div>
        </div>
      )}
      {step === 'photo' && (
        <PhotoStep
          currentImg={viewer.img}
          file={state.file}
          onFileChange={state.setFile}
          onBusyChange={state.setBusy}
          onDone={() => setStep('bio')}
        />
      )}
      {step === 'bio' && (
        <BioStep
          savedBio={viewer.bio ?? ''}
          bio={state.bio}
          onBioChange={state.setBio}
          onBack={() => setStep('photo')}
          onDone={() => setStep('done')}
        />
      )}
      {step === 'done' && <FinishedStep viewer={viewer} action={finishAction} />}
    </>
  );
}
