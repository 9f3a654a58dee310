import { AD_MESSAGES, PAYMENT_MESSAGES } from '@campus/contract';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { useCancelCheckout } from '../api/cancel-checkout.ts';
import { useCheckoutSessionQuery } from '../api/get-checkout-session.ts';
import styles from './boost.module.css';

/** How long the success page waits for the ad to become active before it says so. */
const ACTIVATION_PATIENCE_MS = 60_000;

const TEXTS = {
  backToPost: 'Back to post',
  cancelledBody: 'Your ad was not paid, so nothing was charged.',
  removing: 'Removing the unpaid ad...',
} as const;

type Tone = 'success' | 'muted' | 'danger';

function Result({
  tone,
  title,
  body,
  busy = false,
  postId,
}: {
  tone: Tone;
  title: string;
  body?: string;
  busy?: boolean;
  postId?: string;
}) {
  const Icon = tone === 'success' ? CircleCheck : tone === 'danger' ? CircleAlert : CircleX;
  return (
    <section className={styles.result} aria-busy={busy}>
      <span className={styles.resultIcon} data-tone={tone}>
        <Icon aria-hidden="true" size={32} />
      </span>
      <h1 className={styles.resultTitle}>{title}</h1>
      {body && (
        <p className={styles.resultBody} role="status">
          {body}
        </p>
      )}
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {!busy && postId && (
        <ButtonLink to={paths.post.getHref(postId)} variant="secondary">
          {TEXTS.backToPost}
        </ButtonLink>
      )}
    </section>
  );
}

/**
 * /post/{id}/boost/success?session_id=… (docs/product/boosting.md#boost-routes, docs/product/boosting.md#successful-payment): 'Payment Success!' while the payment
 * provider's confirmation activates the ad; once it is active, back to the post, where the
 * server's one-time flag says 'Success! Your ad is running..'.
 */
export function BoostSuccess({ postId, sessionId }: { postId: string; sessionId: string }) {
  const query = useCheckoutSessionQuery(sessionId);
  const navigate = useNavigate();
  const [gaveUp, setGaveUp] = useState(false);
  const status = query.data?.adStatus;

  useEffect(() => {
    if (status === 'active') navigate(paths.post.getHref(query.data?.postId ?? postId), { replace: true });
  }, [status, navigate, postId, query.data?.postId]);

  useEffect(() => {
    const timer = window.setTimeout(() => setGaveUp(true), ACTIVATION_PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, []);

  if (sessionId === '' || (query.isError && query.error instanceof ApiError && query.error.status < 500)) {
    return <Result tone="danger" title={AD_MESSAGES.signInAgain} postId={postId} />;
  }
  if (query.data && query.data.adId === null) {
    return <Result tone="danger" title={AD_MESSAGES.adGone} postId={postId} />;
  }
  const failed =
    query.isError ||
    gaveUp ||
    (status !== undefined && status !== null && status !== 'checkout' && status !== 'active');
  return (
    <Result
      tone="success"
      title={AD_MESSAGES.paymentSuccess}
      body={failed ? AD_MESSAGES.activateFailed : PAYMENT_MESSAGES.waitingForActivation}
      busy={!failed}
      postId={postId}
    />
  );
}

/**
 * /post/{id}/boost/cancel?session_id=… (docs/product/boosting.md#boost-routes, docs/product/boosting.md#cancelled-payment): 'Ad Cancelled!' while the unpaid ad
 * is deleted, then back to the post (the server sets the cancelled_ad flag).
 */
export function BoostCancel({ postId, sessionId }: { postId: string; sessionId: string }) {
  const cancel = useCancelCheckout();
  const navigate = useNavigate();
  const { showAlert } = useAlert();
  const started = useRef(false);

  useEffect(() => {
    if (started.current || sessionId === '') return;
    started.current = true;
    cancel.mutate(sessionId, {
      onSuccess: (answer) => navigate(paths.post.getHref(answer.postId), { replace: true }),
      onError: () => showAlert(AD_MESSAGES.deleteFailed, { type: 'danger' }),
    });
  }, [cancel, sessionId, navigate, showAlert]);

  if (sessionId === '') return <Result tone="danger" title={AD_MESSAGES.signInAgain} postId={postId} />;
  return (
    <Result
      tone="muted"
      title={AD_MESSAGES.adCancelled}
      body={cancel.isError ? AD_MESSAGES.deleteFailed : cancel.isPending ? TEXTS.removing : TEXTS.cancelledBody}
      busy={cancel.isPending}
      postId={postId}
    />
  );
}
