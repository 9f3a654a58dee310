import { PROFILE_MESSAGES, type Viewer } from '@campus/contract';
import { type FormEvent, useState } from 'react';
import { BioField } from '@/components/profile-edit/bio-field.tsx';
import { profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
import { useUpdateBio } from '@/components/profile-edit/update-bio.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { SaveButton } from '@/components/ui/save-button.tsx';
import { useRefreshAfterProfileChange } from '../api/refresh-after-profile-change.ts';
import { EditModal, type EditModalProps } from './edit-modal.tsx';
import styles from './profile-edit.module.css';

export const EDIT_BIO_TITLE = 'Edit Bio';

function BioForm({ viewer, onDone }: { viewer: Viewer; onDone: () => void }) {
  const { showAlert } = useAlert();
  const save = useUpdateBio();
  const refresh = useRefreshAfterProfileChange();
  const [bio, setBio] = useState(viewer.bio ?? '');
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
      <BioField label="Bio" value={bio} onChange={setBio} />
      <SaveButton pending={save.isPending} disabled={unchanged} />
    </form>
  );
}

/** Edit Bio (docs/product/profiles.md#profile-edit, docs/product/profiles.md#profile-rules): at most 160 characters, with 'n / 160'. */
export function EditBioModal({ viewer, ...modal }: EditModalProps & { viewer: Viewer }) {
  return (
    <EditModal title={EDIT_BIO_TITLE} {...modal}>
      {(close) => <BioForm viewer={viewer} onDone={close} />}
    </EditModal>
  );
}
