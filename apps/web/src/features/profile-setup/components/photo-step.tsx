import { PROFILE_MESSAGES, PROGRESS_MODAL_TEXTS } from '@campus/contract';
import { FileImage } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PhotoPickerButton, usePhotoPicker } from '@/components/profile-edit/photo-picker.tsx';
import { profileFailureMessage } from '@/components/profile-edit/profile-rules.ts';
import { useUploadProfilePhoto } from '@/components/profile-edit/upload-profile-photo.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressModal } from '@/components/ui/progress-modal.tsx';
import { type PictureType, pictureTypeOfFile, useDrawState } from '@/lib/picture-type.ts';
import styles from './profile-set-up.module.css';
import { STEP_TEXTS } from './step-texts.ts';

const PREVIEW_SIZE = 160;

/** Profile pictures are jpeg, png or gif (docs/product/profiles.md#profile-rules), by their bytes as the server checks them. */
const AVATAR_PICTURES: ReadonlySet<PictureType> = new Set(['jpeg', 'png', 'gif']);

/** A picked photo the browser cannot draw (a damaged file): its name instead of a broken image. */
function FileTile({ name }: { name: string }) {
  return (
    <span className={styles.fileTile} role="img" aria-label={`${STEP_TEXTS.previewAlt}: ${name}`}>
      <FileImage aria-hidden="true" size={36} strokeWidth={1.5} />
      <span className={styles.fileTileName} title={name}>
        {name}
      </span>
    </span>
  );
}

/** The picked photo once the browser has drawn it (off the page); its tile if it cannot. */
function PickedPhoto({ file, preview }: { file: File; preview: string | null }) {
  const drawn = useDrawState(file);
  if (drawn === 'failed') return <FileTile name={file.name} />;
  if (!preview || drawn === 'loading') return <span className={styles.previewPending} aria-hidden="true" />;
  return (
    <img
      className={styles.preview}
      src={preview}
      alt={STEP_TEXTS.previewAlt}
      width={PREVIEW_SIZE}
      height={PREVIEW_SIZE}
    />
  );
}

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

  // A file named .jpg that holds no jpeg, png or gif (a PDF, an iPhone HEIC) is refused at once
  // with the words the server would send after the upload, instead of a broken preview.
  const handlePicked = async (picked: File) => {
    const type = await pictureTypeOfFile(picked);
    if (type && AVATAR_PICTURES.has(type)) onFileChange(picked);
    else showAlert(PROFILE_MESSAGES.onlyPhotos, { type: 'danger' });
  };
  const picker = usePhotoPicker((picked) => void handlePicked(picked));

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
        {file ? (
          <PickedPhoto file={file} preview={preview} />
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
