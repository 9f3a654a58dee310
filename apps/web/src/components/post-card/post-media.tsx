import { MEDIA_DISPLAY, type PostMedia } from '@campus/contract';
import { Images } from 'lucide-react';
import { fitWithin } from './media-fit.ts';
import styles from './post-media.module.css';

/** Alternative text of a photo: the spec stores none, so say whose photo it is and which one. */
function mediaLabel(kind: PostMedia['kind'], index: number, count: number, ownerName: string): string {
  const noun = kind === 'video' ? 'Video' : 'Photo';
  return count > 1 ? `${noun} ${index + 1} of ${count} from ${ownerName}'s post` : `${noun} from ${ownerName}'s post`;
}

function MediaItem({
  item,
  label,
  src,
  width,
  height,
  className,
  eager = false,
}: {
  item: PostMedia;
  label: string;
  src: string;
  width: number;
  height: number;
  className?: string;
  eager?: boolean;
}) {
  if (item.kind === 'video') {
    // docs/product/community.md#limits: videos play by themselves, muted and looped (muted is what lets them autoplay).
    return (
      <video
        className={className}
        src={src}
        width={width}
        height={height}
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={label}
      />
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={label}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      // The first photo on screen is usually the page's largest paint: fetch it first.
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}

interface PostMediaProps {
  media: PostMedia[];
  /** Whose post it is, for the alternative text. */
  ownerName: string;
  /** Load at once with high priority (the first cards of a list, on screen at the start). */
  eager?: boolean;
}

/**
 * Photos and videos of a card: one fills the width (max 500 × 350, 400 on desktop, cropped to
 * fit); several scroll sideways, each at its own proportions, the next one peeking in.
 */
export function PostMediaStrip({ media, ownerName, eager = false }: PostMediaProps) {
  if (media.length === 0) return null;
  if (media.length === 1) {
    const item = media[0] as PostMedia;
    return (
      <div className={styles.single}>
        <MediaItem
          item={item}
          label={mediaLabel(item.kind, 0, 1, ownerName)}
          src={item.url}
          width={item.width ?? MEDIA_DISPLAY.maxWidth}
          height={item.height ?? MEDIA_DISPLAY.maxHeight}
          className={styles.singleItem}
          eager={eager}
        />
      </div>
    );
  }
  return (
    <div className={styles.stripWrap}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard */}
      <section className={styles.strip} aria-label={`${media.length} photos and videos`} tabIndex={0}>
        {media.map((item, index) => (
          <MediaItem
            // Media never reorder within a post; the position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={index}
            item={item}
            label={mediaLabel(item.kind, index, media.length, ownerName)}
            src={item.url}
            width={item.width ?? 4}
            height={item.height ?? 3}
            className={styles.stripItem}
            eager={eager && index === 0}
          />
        ))}
      </section>
      <span className={styles.count} aria-hidden="true">
        <Images size={14} />
        {media.length}
      </span>
    </div>
  );
}

/** Photos and videos on the post page: full size, one under the other, within 500 × 400. */
export function PostMediaFull({ media, ownerName }: PostMediaProps) {
  if (media.length === 0) return null;
  return (
    <div className={styles.full}>
      {media.map((item, index) => {
        const size = fitWithin(item.width, item.height, MEDIA_DISPLAY.maxWidth, MEDIA_DISPLAY.maxHeightDesktop);
        return (
          <MediaItem
            // biome-ignore lint/suspicious/noArrayIndexKey: media never reorder within a post
            key={index}
            item={item}
            label={mediaLabel(item.kind, index, media.length, ownerName)}
            src={item.fullUrl}
            width={size.width}
            height={size.height}
            className={styles.fullItem}
            eager={index === 0}
          />
        );
      })}
    </div>
  );
}
