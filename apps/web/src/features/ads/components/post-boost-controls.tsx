import { AD_MESSAGES, POST_PAGE_ALERTS } from '@campus/contract';
import { ChartColumn, ExternalLink, Pause, Rocket } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { PostBoostControlsProps } from '@/components/post-card/boost-bridge.tsx';
import { CtaHost } from '@/components/post-card/sponsored-cta.tsx';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ButtonLink, buttonClassName } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/config/paths.ts';
import { trackPostAnalytics } from '@/lib/analytics.ts';
import { useBoostStatusQuery } from '../api/get-boost-status.ts';
import { takePostAlert } from '../api/take-post-alert.ts';
import styles from './post-boost-controls.module.css';

const PAUSED_LABEL = 'Ad paused';

/** The owner's one-time alert of the post page (docs/product/boosting.md#one-time-alerts), read and cleared once per visit. */
function useOwnerAlert(postId: string) {
  const { showAlert } = useAlert();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    takePostAlert(postId)
      .then(({ alert }) => {
        if (alert) showAlert(POST_PAGE_ALERTS[alert], { type: alert === 'cancelled_ad' ? 'black' : 'success' });
      })
      .catch((error: unknown) => console.warn('post alert failed', error));
  }, [postId, showAlert]);
}

function OwnerControls({ postId }: { postId: string }) {
  const status = useBoostStatusQuery(postId);
  useOwnerAlert(postId);
  if (status.isPending) return <Skeleton width={120} height={36} />;
  const data = status.data;
  const action = data?.ownerAction ?? 'boost';
  return (
    <>
      {data?.paused && (
        <span className={styles.paused}>
          <Pause aria-hidden="true" size={14} />
          {PAUSED_LABEL}
        </span>
      )}
      {action === 'analytics' && data?.ad ? (
        <ButtonLink to={paths.ad.getHref(data.ad.id)} size="sm">
          <ChartColumn aria-hidden="true" size={16} />
          {AD_MESSAGES.viewAnalytics}
        </ButtonLink>
      ) : (
        <ButtonLink to={paths.postBoost.getHref(postId)} size="sm">
          <Rocket aria-hidden="true" size={16} />
          {action === 'boost-again' ? AD_MESSAGES.boostAgain : AD_MESSAGES.boostPost}
        </ButtonLink>
      )}
    </>
  );
}

function VisitorControls({
  postId,
  sendMessage,
}: {
  postId: string;
  sendMessage: PostBoostControlsProps['sendMessage'];
}) {
  const status = useBoostStatusQuery(postId);
  const adRunning = status.data?.adRunning ?? false;
  const cta = status.data?.cta ?? null;

  // A view counts once per post per page session, and only while the owner's ad runs (docs/product/boosting.md#analytics-tracking).
  useEffect(() => {
    if (adRunning) trackPostAnalytics('view', postId);
  }, [adRunning, postId]);

  if (cta?.type === 'website' && cta.url) {
    return (
      <a
        href={cta.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={buttonClassName({ size: 'sm' })}
        onClick={() => trackPostAnalytics('external_link_click', postId)}
      >
        <ExternalLink aria-hidden="true" size={16} />
        {cta.label}
        <CtaHost url={cta.url} />
      </a>
    );
  }
  if (!adRunning) return <>{sendMessage}</>;
  return (
    <span className={styles.contents} onClickCapture={() => trackPostAnalytics('direct_message', postId)}>
      {sendMessage}
    </span>
  );
}

/**
 * The post page's boost controls (docs/product/boosting.md#post-page-controls, docs/product/boosting.md#who-manages-ads): the owner sees Boost Post, View Analytics or
 * Boost Again and a paused label; everyone else sees Send Message, or the ad's call-to-action
 * while it runs with a website goal.
 */
export function PostBoostControls({ post, isOwner, sendMessage }: PostBoostControlsProps) {
  return isOwner ? <OwnerControls postId={post.id} /> : <VisitorControls postId={post.id} sendMessage={sendMessage} />;
}
