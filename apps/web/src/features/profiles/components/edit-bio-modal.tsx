import { codePointLength, LIMITS, PROFILE_MESSAGES, type Viewer } from '@campus/contract';
import { type FormEvent, useId, useState } from 'react';
import { clipBio, profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
import { useUpdateBio } from '@/components/profile-edit/update-bio.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useRefreshAfterProfileChange } from '../api/refresh-after-profile-change.ts';
import styles from './profile-edit.module.css';

export const EDIT_BIO_TITLE = 'Edit Bio';
const SAVE = 'Save';
const SAVING = 'Saving...';

function BioForm({ viewer, onDone }: { viewer: Viewer; onDone: () => void }) {
  const { showAlert } = useAlert();
  const save = useUpdateBio();
  const refresh = useRefreshAfterProfileChange();
  const [bio, setBio] = useState(viewer.bio ?? '');
  const fieldId = useId();
  const counterId = useId();
  const unchanged = bio.trim() === (viewer.bio ?? '').trim();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (unchanged || save.isPending) return;
    save.mutate(bio.trim(), {
      onSuccess: (updated) => {
        refresh(updated);
        showAlert(PROFILE_MESSAGES.profileUpdated);
        onDone();
      },
      onError: (error) => showAlert(profileFailureMessage(error), { type: 'danger' }),
    });
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit} noValidate>
      <div className={styles.bioField}>
        <label className={styles.label} htmlFor={fieldId}>
          Bio
        </label>
        <textarea
          id={fieldId}
          className={styles.textarea}
          rows={4}
          value={bio}
          aria-describedby={counterId}
          onChange={(event) => setBio(clipBio(event.target.value))}
        />
        <p id={counterId} className={styles.counter}>
          {PROFILE_MESSAGES.counter(codePointLength(bio), LIMITS.bioMax)}
        </p>
      </div>
      <Button type="submit" size="lg" block disabled={unchanged || save.isPending}>
        {save.isPending ? SAVING : SAVE}
      </Button>
    </form>
  );
}

/** Edit Bio (spec 2 §2 'Profile edit', §5): at most 160 characters, with 'n / 160'. */
export function EditBioModal({
  viewer,
  open,
  onOpenChange,
}: {
  viewer: Viewer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={EDIT_BIO_TITLE} size="sm">
      {open && <BioForm viewer={viewer} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
