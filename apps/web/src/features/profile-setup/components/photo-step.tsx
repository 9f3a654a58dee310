import { PROGRESS_MODAL_TEXTS } from '@campus/contract';
import { useEffect, useState } from 'react';
import { PhotoPickerButton, usePhotoPicker } from '@/components/profile-edit/photo-picker.tsx';
import { profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
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

  const picker = usePhotoPicker(onFileChange);

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
      <PhotoPickerButton label={STEP_TEXTS.choosePhoto} onClick={picker.choose}>
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
      </PhotoPickerButton>
      {picker.input}
      <Button variant="secondary" onClick={picker.choose}>
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
