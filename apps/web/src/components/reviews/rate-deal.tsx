import { type Post, REVIEW_MESSAGES } from '@campus/contract';
import { Clock, Star } from 'lucide-react';
import { useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { useSaleReviewsQuery } from './api.ts';
import { ReviewForm } from './review-form.tsx';
import styles from './reviews.module.css';

/**
 * 'Rate {name}' on a sold listing's page, for its seller and its buyer while their review is due
 * (docs/product/reviews.md#where-to-write-one). It opens the review form: a dialog on wide
 * screens, a full page on phones (Modal). After writing, 'Waiting for {name}'s review' until
 * both reviewed or 14 days passed. `openOnMount`: the notification's link (?rate=true).
 */
export function RateDeal({ post, openOnMount = false }: { post: Post; openOnMount?: boolean }) {
  const isListing = post.parentId === null && post.status === 'sold';
  const sale = useSaleReviewsQuery(post.id, isListing);
  const [open, setOpen] = useState(openOnMount);
  const { showAlert } = useAlert();
  const data = sale.data;
  if (!data) return null;
  const name = data.subject.firstName;
  if (data.canReview) {
    return (
      <>
        <Button size="sm" onClick={() => setOpen(true)}>
          <Star aria-hidden="true" size={16} />
          {REVIEW_MESSAGES.rate(name)}
        </Button>
        <Modal open={open} onOpenChange={setOpen} title={REVIEW_MESSAGES.formTitle(name)}>
          <ReviewForm
            postId={post.id}
            sale={data}
            onDone={() => {
              setOpen(false);
              showAlert(REVIEW_MESSAGES.sent);
            }}
          />
        </Modal>
      </>
    );
  }
  if (data.mine && !data.mine.published) {
    return (
      <p className={styles.waiting}>
        <Clock aria-hidden="true" size={16} />
        {REVIEW_MESSAGES.waiting(name)}
      </p>
    );
  }
  return null;
}
