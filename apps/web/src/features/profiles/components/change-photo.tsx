import { PROFILE_MESSAGES, PROGRESS_MODAL_TEXTS, type Viewer } from '@campus/contract';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { isAllowedPhotoName, PHOTO_ACCEPT, profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
import { useUploadProfilePhoto } from '@/components/profile-edit/upload-profile-photo.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressModal } from '@/components/ui/progress-modal.tsx';
import { useRefreshAfterProfileChange } from '../api/refresh-after-profile-change.ts';
import styles from './profile-edit.module.css';

export const CHANGE_PHOTO = 'Change photo';
const PHOTO_SIZE = 128;

/** The profile photo with its Change button: the set-up's picture rules and upload with progress. */
export function ChangePhoto({ viewer }: { viewer: Viewer }) {
  const { showAlert } = useAlert();
  const upload = useUploadProfilePhoto();
  const refresh = useRefreshAfterProfileChange();
  const inputRef = useRef<HTMLInputElement>(null);

  const choose = () => inputRef.current?.click();

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Clear the input so picking the same file again still fires a change.
    event.target.value = '';
    if (!picked || upload.isPending) return;
    if (!isAllowedPhotoName(picked.name)) {
      showAlert(PROFILE_MESSAGES.onlyPhotos, { type: 'danger' });
      return;
    }
    upload.mutate(picked, {
      onSuccess: (updated) => {
        refresh(updated);
        showAlert(PROFILE_MESSAGES.profileUpdated);
      },
      onError: (error) => showAlert(profileFailureMessage(error), { type: 'danger' }),
    });
  };

  return (
    <div className={styles.photo}>
      <button type="button" className={styles.picker} onClick={choose} aria-label={CHANGE_PHOTO}>
        <Avatar src={viewer.img} size={PHOTO_SIZE} alt={viewer.img ? 'Your profile photo' : ''} />
        <span className={styles.cameraBadge}>
          <Camera size={18} aria-hidden="true" />
        </span>
      </button>
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept={PHOTO_ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        onChange={handleFile}
      />
      <Button variant="secondary" onClick={choose} disabled={upload.isPending}>
        {CHANGE_PHOTO}
      </Button>
      <ProgressModal
        open={upload.isPending}
        title={PROGRESS_MODAL_TEXTS.updatingAccount}
        description={PROGRESS_MODAL_TEXTS.longWait}
        progress={upload.progress}
      />
    </div>
  );
}
