import { PROFILE_MESSAGES, PROGRESS_MODAL_TEXTS, SETTINGS_MESSAGES, type Viewer } from '@campus/contract';
import { PhotoPickerButton, usePhotoPicker } from '@/components/profile-edit/photo-picker.tsx';
import { profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
import { useUploadProfilePhoto } from '@/components/profile-edit/upload-profile-photo.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressModal } from '@/components/ui/progress-modal.tsx';
import { useRefreshAfterProfileChange } from '../api/refresh-after-profile-change.ts';
import { useRemoveProfilePhoto } from '../api/remove-photo.ts';
import styles from './profile-edit.module.css';

const CHANGE_PHOTO = 'Change photo';
const REMOVE_PHOTO = 'Remove photo';
const PHOTO_SIZE = 128;

/**
 * The profile photo with its Change and Remove buttons: the set-up's picture rules and upload
 * with progress; removing says 'Removing photo...' until the server answers.
 */
export function ChangePhoto({ viewer }: { viewer: Viewer }) {
  const { showAlert } = useAlert();
  const upload = useUploadProfilePhoto();
  const remove = useRemoveProfilePhoto();
  const refresh = useRefreshAfterProfileChange();

  const handleFile = (picked: File) => {
    if (upload.isPending) return;
    upload.mutate(picked, {
      onSuccess: (updated) => {
        refresh(updated);
        showAlert(PROFILE_MESSAGES.profileUpdated);
      },
      onError: (error) => showAlert(profileFailureMessage(error), { type: 'danger' }),
    });
  };
  const picker = usePhotoPicker(handleFile);

  const handleRemove = () => {
    if (remove.isPending || upload.isPending) return;
    remove.mutate(undefined, {
      onSuccess: () => showAlert(PROFILE_MESSAGES.profileUpdated),
      onError: (error) => showAlert(profileFailureMessage(error), { type: 'danger' }),
    });
  };

  const busy = upload.isPending || remove.isPending;
  return (
    <div className={styles.photo}>
      <PhotoPickerButton label={CHANGE_PHOTO} onClick={picker.choose}>
        <Avatar src={viewer.img} size={PHOTO_SIZE} alt={viewer.img ? 'Your profile photo' : ''} />
      </PhotoPickerButton>
      {picker.input}
      <div className={styles.photoActions}>
        <Button variant="secondary" onClick={picker.choose} disabled={busy}>
          {CHANGE_PHOTO}
        </Button>
        {(viewer.img || remove.isPending) && (
          <Button variant="secondary" onClick={handleRemove} disabled={busy} aria-live="polite">
            {remove.isPending ? SETTINGS_MESSAGES.removingPhoto : REMOVE_PHOTO}
          </Button>
        )}
      </div>
      <ProgressModal
        open={upload.isPending}
        title={PROGRESS_MODAL_TEXTS.updatingAccount}
        description={PROGRESS_MODAL_TEXTS.longWait}
        progress={upload.progress}
      />
    </div>
  );
}
