import { FileImage, FileVideo, X } from 'lucide-react';
import { useState } from 'react';
import { type DrawState, useDrawState } from '@/lib/picture-type.ts';
import type { DraftFile } from '../lib/draft-store.ts';
import { fileExtension } from '../lib/file-rules.ts';
import styles from './composer.module.css';

const kindName = (file: DraftFile) => (file.kind === 'video' ? 'video' : 'photo');

export const PREVIEW_TEXTS = {
  /** An iPhone photo: Chromium cannot draw HEIC; the server converts it when the post is sent. */
  heic: 'HEIC photo · shown once posted',
  noPreview: 'No preview',
} as const;

const isHeic = (file: File) =>
  ['heic', 'heif'].includes(fileExtension(file.name)) || /^image\/hei[cf]$/i.test(file.type);

/** A file the browser cannot draw: its kind's icon, its name and why there is no picture. */
function FileTile({ file, name }: { file: DraftFile; name: string }) {
  const Icon = file.kind === 'video' ? FileVideo : FileImage;
  return (
    <div className={styles.fileTile} role="img" aria-label={`${name}: ${file.file.name}`}>
      <Icon aria-hidden="true" size={32} strokeWidth={1.5} />
      <span className={styles.fileTileName} title={file.file.name}>
        {file.file.name}
      </span>
      <span className={styles.fileTileNote}>
        {file.kind === 'image' && isHeic(file.file) ? PREVIEW_TEXTS.heic : PREVIEW_TEXTS.noPreview}
      </span>
    </div>
  );
}

/** A chosen photo once the browser has drawn it off the page; its tile if it cannot. */
function PhotoPreview({ file, name }: { file: DraftFile; name: string }) {
  const state = useDrawState(file.file);
  if (state === 'failed') return <FileTile file={file} name={name} />;
  if (state === 'loading')
    return <span className={styles.mediaPending} role="img" aria-label={name} aria-busy="true" />;
  return <img className={styles.mediaContent} src={file.url} alt={name} />;
}

/** A chosen video, hidden until it can play; its tile if it cannot (an AVI, a damaged file). */
function VideoPreview({ file, name }: { file: DraftFile; name: string }) {
  const [state, setState] = useState<DrawState>('loading');
  if (state === 'failed') return <FileTile file={file} name={name} />;
  return (
    <video
      className={`${styles.mediaContent} ${state === 'loading' ? styles.mediaLoading : ''}`}
      src={file.url}
      aria-label={name}
      muted
      loop
      autoPlay
      playsInline
      onLoadedData={() => setState('shown')}
      onError={() => setState('failed')}
    />
  );
}

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
              <VideoPreview file={file} name={name} />
            ) : (
              <PhotoPreview file={file} name={name} />
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
