import { useId, useState } from 'react';
import styles from './post-text.module.css';
import { cutPreview } from './preview.ts';

/** Link texts of the preview (docs/product/community.md#feed). */
const SEE_MORE = 'See more';
const SEE_LESS = 'See less';

interface PostTextProps {
  text: string;
  /** Cut at 200 characters with See more / See less (cards); the post page shows it all. */
  preview?: boolean;
  size?: 'md' | 'lg';
}

/** The words of a post, line breaks kept. */
export function PostText({ text, preview = false, size = 'md' }: PostTextProps) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return null;
  const cut = preview ? cutPreview(text) : { text, truncated: false };
  const showAll = expanded || !cut.truncated;
  return (
    <div className={`${styles.text} ${size === 'lg' ? styles.lg : ''}`}>
      <p id={id}>{showAll ? text : cut.text}</p>
      {cut.truncated && (
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={(event) => {
            event.stopPropagation();
            setExpanded((value) => !value);
          }}
        >
          {expanded ? SEE_LESS : SEE_MORE}
        </button>
      )}
    </div>
  );
}
