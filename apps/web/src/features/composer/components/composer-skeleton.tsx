import { Skeleton } from '@/components/ui/skeleton.tsx';
import styles from './composer.module.css';

/** Where the editor will be, while its code loads: the placeholder already in place. */
export function EditorFallback({ placeholder }: { placeholder: string }) {
  return (
    <div className={styles.editorFallback} aria-hidden="true">
      {placeholder}
    </div>
  );
}

/** The composer's shape while its code loads. */
export function ComposerSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true">
      <Skeleton circle width={44} height={44} />
      <div className={styles.skeletonLines}>
        <Skeleton width="70%" height={20} />
        <Skeleton width="45%" height={20} />
      </div>
    </div>
  );
}
