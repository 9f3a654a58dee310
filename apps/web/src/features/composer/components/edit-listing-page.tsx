import { LISTING_MESSAGES } from '@campus/contract';
import { ModalPage } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import styles from './composer.module.css';
import { ComposerSkeleton } from './composer-skeleton.tsx';
import { EditListingForm } from './edit-listing-form.tsx';

/**
 * /post/{id}/edit (docs/product/selling.md#editing-a-listing): the edit form as a page, as phones
 * get it; a back button to goBack or the post. Drawn once the page is live: the editor is the
 * browser's (decision 031).
 */
export function EditListingPage({ postId }: { postId: string }) {
  const hydrated = useHydrated();
  return (
    <ModalPage title={LISTING_MESSAGES.editListing} fallback={paths.post.getHref(postId)}>
      <div className={styles.page}>
        {hydrated ? <EditListingForm postId={postId} presentation="page" /> : <ComposerSkeleton />}
      </div>
    </ModalPage>
  );
}
