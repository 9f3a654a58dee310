import { PROFILE_MESSAGES } from '@campus/contract';
import { Camera } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useRef } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import styles from './photo-picker.module.css';
import { isAllowedPhotoName, PHOTO_ACCEPT } from './profile-rules.ts';

/**
 * The hidden file input of a profile photo and a `choose` that opens it. A picked file that is
 * not a jpeg, jpg, png or gif says 'Only photos are allowed!' (docs/product/profiles.md#profile-rules) and goes no further.
 */
export function usePhotoPicker(onPick: (file: File) => void) {
  const { showAlert } = useAlert();
  const ref = useRef<HTMLInputElement>(null);
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Clear the input so picking the same file again still fires a change.
    event.target.value = '';
    if (!picked) return;
    if (!isAllowedPhotoName(picked.name)) {
      showAlert(PROFILE_MESSAGES.onlyPhotos, { type: 'danger' });
      return;
    }
    onPick(picked);
  };
  const input = (
    <input
      ref={ref}
      className="visually-hidden"
      type="file"
      accept={PHOTO_ACCEPT}
      tabIndex={-1}
      aria-hidden="true"
      onChange={handleChange}
    />
  );
  return { choose: () => ref.current?.click(), input };
}

/** The round photo as a button with the camera badge: clicking it chooses another photo. */
export function PhotoPickerButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={styles.picker} onClick={onClick} aria-label={label}>
      {children}
      <span className={styles.cameraBadge}>
        <Camera size={18} aria-hidden="true" />
      </span>
    </button>
  );
}
