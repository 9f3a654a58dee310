import { PROFILE_MESSAGES, PROGRESS_MODAL_TEXTS } from '@campus/contract';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { isAllowedPhotoName, PHOTO_ACCEPT, profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
import { useUploadProfilePhoto } from '@/components/profile-edit/upload-profile-photo.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressModal } from '@/components/ui/progress-modal.tsx';
import styles from './profile-set-up.module.css';
import { STEP_TEXTS } from './step-texts.ts';

const PREVIEW_SIZE = 160;

interface PhotoStepProps {
  /** The saved picture, shown until another is chosen. */
  currentImg: string | null;
  /** A picked, not yet uploaded photo (kept by the page across layout changes). */
  file: File | null;
  onFileChange: (file: File | null) => void;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}

/** Step 1 'Pick a profile picture': choose a photo (preview), Save uploads it; Next skips. */
export function PhotoStep({ currentImg, file, onFileChange, onBusyChange, onDone }: PhotoStepProps) {
  const { showAlert } = useAlert();
  const upload = useUploadProfilePhoto();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // A data: URL rather than a blob: one: tools that copy the page (Playwright's trace
  // snapshots, "save page") fetch blob: images, which the CSP's connect-src 'self' refuses
  // with a console error; a data: URL carries the picture in itself.
  useEffect(() => {
    setPreview(null);
    if (!file) return;
    const reader = new FileReader();
    let current = true;
    reader.addEventListener('load', () => {
      if (current && typeof reader.result === 'string') setPreview(reader.result);
    });
    reader.readAsDataURL(file);
    return () => {
      current = false;
      if (reader.readyState === FileReader.LOADING) reader.abort();
    };
  }, [file]);

  const handleChoose = () => inputRef.current?.click();

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Clear the input so picking the same file again still fires a change.
    event.target.value = '';
    if (!picked) return;
    if (!isAllowedPhotoName(picked.name)) {
      showAlert(PROFILE_MESSAGES.onlyPhotos, { type: 'danger' });
      return;
    }
    onFileChange(picked);
  };

  const handleSave = () => {
    if (!file || upload.isPending) return;
    onBusyChange(true);
    upload.mutate(file, {
      onSuccess: () => {
        onFileChange(null);
        onDone();
      },
      onError: (error) => showAlert(profileFailureMessage(error), { type: 'danger' }),
      onSettled: () => onBusyChange(false),
    });
  };

  return (
    <div className={styles.step}>
      <p className={styles.lead}>{STEP_TEXTS.photoLead}</p>
      <button type="button" className={styles.picker} onClick={handleChoose} aria-label={STEP_TEXTS.choosePhoto}>
        {preview ? (
          <img
            className={styles.preview}
            src={preview}
            alt={STEP_TEXTS.previewAlt}
            width={PREVIEW_SIZE}
            height={PREVIEW_SIZE}
          />
        ) : (
          <Avatar src={currentImg} size={PREVIEW_SIZE} alt={currentImg ? STEP_TEXTS.currentAlt : ''} />
        )}
        <span className={styles.cameraBadge}>
          <Camera size={20} aria-hidden="true" />
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
      <Button variant="secondary" onClick={handleChoose}>
        {file || currentImg ? STEP_TEXTS.chooseAnother : STEP_TEXTS.choosePhoto}
      </Button>
      <div className={styles.actions}>
        {file ? (
          <Button size="lg" block onClick={handleSave} disabled={upload.isPending}>
            {STEP_TEXTS.save}
          </Button>
        ) : (
          <Button size="lg" block onClick={onDone}>
            {STEP_TEXTS.next}
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
