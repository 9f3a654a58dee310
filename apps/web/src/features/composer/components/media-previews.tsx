import { X } from 'lucide-react';
import type { DraftFile } from '../lib/draft-store.ts';
import styles from './composer.module.css';

const kindName = (file: DraftFile) => (file.kind === 'video' ? 'video' : 'photo');

/** Previews of the chosen photos and videos, each with a remove button. */
export function MediaPreviews({ files, onRemove }: { files: readonly DraftFile[]; onRemove: (id: string) => void }) {
  if (files.length === 0) return null;
  return (
    <ul className={styles.media} data-layout={files.length === 1 ? 'single' : 'grid'} aria-label="Attachments">
      {files.map((file, index) => {
        const name = `${kindName(file) === 'video' ? 'Video' : 'Photo'} ${index + 1} of ${files.length}`;
        return (
          <li key={file.id} className={styles.mediaItem}>
            {file.kind === 'video' ? (
              <video className={styles.mediaContent} src={file.url} aria-label={name} muted loop autoPlay playsInline />
            ) : (
              <img className={styles.mediaContent} src={file.url} alt={name} />
            )}
            <button
              type="button"
              className={styles.removeMedia}
              aria-label={`Remove ${kindName(file)} ${index + 1}`}
              title="Remove"
              onClick={() => onRemove(file.id)}
            >
              <X aria-hidden="true" size={16} strokeWidth={2.5} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
