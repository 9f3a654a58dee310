import type { AdCta, Post } from '@campus/contract';
import { ExternalLink, Megaphone, Send, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useMemberGate } from '@/components/auth-modal/index.ts';
import { useStartConversation } from '@/components/start-conversation/use-start-conversation.ts';
import { Button, buttonClassName } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { trackPostAnalytics } from '@/lib/analytics.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './sponsored-cta.module.css';

const SPONSORED = 'Sponsored';
const SEND_MESSAGE = 'Send Message';
const VISIT_PROFILE = 'Visit Profile';

/** The 'Sponsored' line over a boosted post in the feed (docs/product/community.md#feed, docs/product/boosting.md#ad-record). */
export function SponsoredLabel() {
  return (
    <p className={styles.label}>
      <Megaphone aria-hidden="true" size={14} />
      {SPONSORED}
    </p>
  );
}

/**
 * The host a call-to-action really leads to (`new URL(url).host`), shown next to its button so
 * nobody is misled by a label; '' when the address does not parse. Here, not in the contract's
 * ads.ts: a feed page's cards would load Zod with it (docs/decisions/022-entry-javascript.md).
 */
export function ctaHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * The host a website call-to-action really leads to, shown inside its button (security issue
 * item 11): a label says 'Shop Now', the host says where.
 */
export function CtaHost({ url }: { url: string }) {
  const host = ctaHost(url);
  return host ? <span className={styles.host}>{host}</span> : null;
}

/**
 * The call-to-action of a sponsored post (docs/decisions/021-boost-screens.md): a website opens in a new tab, a
 * message goal starts the chat with the owner, a profile goal opens the owner's profile. Each
 * click is tracked for the owner's analytics once per page session.
 */
export function SponsoredCta({ post, cta }: { post: Post; cta: AdCta }) {
  const viewer = useViewer();
  const allow = useMemberGate();
  const conversation = useStartConversation();
  const own = viewer?.id === post.author.id;

  if (cta.type === 'website' && cta.url) {
    return (
      <a
        href={cta.url}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className={buttonClassName({ size: 'sm', block: true }, styles.cta)}
        onClick={() => trackPostAnalytics('external_link_click', post.id)}
      >
        {cta.label}
        <CtaHost url={cta.url} />
        <ExternalLink aria-hidden="true" size={16} />
      </a>
    );
  }
  if (cta.type === 'profile') {
    return (
      <Link
        to={paths.profile.getHref(post.author.username)}
        className={buttonClassName({ size: 'sm', block: true }, styles.cta)}
        onClick={() => trackPostAnalytics('profile_visit', post.id)}
      >
        <UserRound aria-hidden="true" size={16} />
        {VISIT_PROFILE}
      </Link>
    );
  }
  if (own) return null;
  return (
    <Button
      size="sm"
      block
      className={styles.cta}
      disabled={conversation.isPending}
      onClick={() => {
        if (!allow('message')) return;
        trackPostAnalytics('direct_message', post.id);
        conversation.start(post.author.id);
      }}
    >
      <Send aria-hidden="true" size={16} />
      {SEND_MESSAGE}
    </Button>
  );
}
