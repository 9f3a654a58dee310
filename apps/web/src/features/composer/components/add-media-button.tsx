import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useRef } from 'react';
import { POST_FILE_ACCEPT } from '../lib/file-rules.ts';
import styles from './composer.module.css';

/**
 * The toolbar's photo button of the composer and of the listing editor: it opens the system's
 * file picker (photos and videos, several at once) through a hidden file input of its own.
 */
export function AddMediaButton({
  label,
  onFiles,
}: {
  label: string;
  onFiles: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={styles.tool}
        aria-label={label}
        title={label}
        onClick={() => fileInput.current?.click()}
      >
        <ImagePlus aria-hidden="true" size={22} />
      </button>
      <input
        ref={fileInput}
        className="visually-hidden"
        type="file"
        multiple
        accept={POST_FILE_ACCEPT}
        tabIndex={-1}
        aria-hidden="true"
        onChange={onFiles}
      />
    </>
  );
}
