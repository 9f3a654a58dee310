import { POST_MESSAGES } from '@campus/contract';
import { type FormEvent, useId } from 'react';
import { BioField } from '@/components/profile-edit/bio-field.tsx';
import { profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
import { useUpdateBio } from '@/components/profile-edit/update-bio.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import styles from './profile-set-up.module.css';
import { STEP_TEXTS } from './step-texts.ts';

interface BioStepProps {
  /** The stored bio: Save shows only when the text differs from it (docs/product/profiles.md#profile-set-up). */
  savedBio: string;
  bio: string;
  onBioChange: (bio: string) => void;
  onBack: () => void;
  onDone: () => void;
}

/** Step 2 'Describe yourself': the bio with its live 'n / 160' counter. */
export function BioStep({ savedBio, bio, onBioChange, onBack, onDone }: BioStepProps) {
  const { showAlert } = useAlert();
  const save = useUpdateBio();
  const leadId = useId();
  const changed = bio.trim() !== savedBio;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!changed) {
      onDone();
      return;
    }
    save.mutate(bio.trim(), {
      onSuccess: onDone,
      onError: (error) => showAlert(profileFailureMessage(error), { type: 'danger' }),
    });
  };

  return (
    <form className={styles.step} onSubmit={handleSubmit} noValidate>
      <p id={leadId} className={styles.lead}>
        {STEP_TEXTS.bioLead}
      </p>
      <BioField label={STEP_TEXTS.bioLabel} value={bio} onChange={onBioChange} describedBy={leadId} />
      <div className={`${styles.actions} ${styles.actionsSplit}`}>
        <Button variant="secondary" size="lg" onClick={onBack} disabled={save.isPending}>
          {STEP_TEXTS.back}
        </Button>
        <Button type="submit" size="lg" disabled={save.isPending} className={styles.grow}>
          {save.isPending ? POST_MESSAGES.processing : changed ? STEP_TEXTS.save : STEP_TEXTS.next}
        </Button>
      </div>
    </form>
  );
}
