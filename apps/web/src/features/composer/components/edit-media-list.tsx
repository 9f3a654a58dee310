import { LISTING_MESSAGES } from '@campus/contract';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { EditMedia } from '../lib/edit-draft.ts';
import styles from './composer.module.css';

interface EditMediaListProps {
  media: readonly EditMedia[];
  onMove: (key: string, by: -1 | 1) => void;
  onRemove: (key: string) => void;
}

/**
 * A listing's photos and videos in their order (the first is the cover), each with Move earlier,
 * Move later and Remove: buttons, so the order changes by keyboard and screen reader as well as
 * by pointer (docs/product/selling.md#editing-a-listing).
 */
export function EditMediaList({ media, onMove, onRemove }: EditMediaListProps) {
  if (media.length === 0) return null;
  return (
    <ol className={styles.editMedia} aria-label="Photos and videos, in order">
      {media.map((item, index) => {
        const name = `${item.kind === 'video' ? 'Video' : 'Photo'} ${index + 1} of ${media.length}`;
        return (
          <li key={item.key} className={styles.editMediaItem}>
            {item.kind === 'video' ? (
              <video className={styles.mediaContent} src={item.url} aria-label={name} muted playsInline />
            ) : (
              <img className={styles.mediaContent} src={item.url} alt={name} />
            )}
            <div className={styles.editMediaTools}>
              <button
                type="button"
                className={styles.editMediaButton}
                aria-label={`${LISTING_MESSAGES.moveEarlier}: ${name}`}
                title={LISTING_MESSAGES.moveEarlier}
                disabled={index === 0}
                onClick={() => onMove(item.key, -1)}
              >
                <ChevronLeft aria-hidden="true" size={16} />
              </button>
              <button
                type="button"
                className={styles.editMediaButton}
                aria-label={`${LISTING_MESSAGES.moveLater}: ${name}`}
                title={LISTING_MESSAGES.moveLater}
                disabled={index === media.length - 1}
                onClick={() => onMove(item.key, 1)}
              >
                <ChevronRight aria-hidden="true" size={16} />
              </button>
              <button
                type="button"
                className={styles.editMediaButton}
                aria-label={`${LISTING_MESSAGES.removePhoto}: ${name}`}
                title={LISTING_MESSAGES.removePhoto}
                onClick={() => onRemove(item.key)}
              >
                <X aria-hidden="true" size={16} />
              </button>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
