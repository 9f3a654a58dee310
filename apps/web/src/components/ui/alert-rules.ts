import { ALERT_LINK_LABELS, ALERT_TIMING, type AlertType, alertLinkFor } from '@campus/contract';
import { paths } from '@/config/paths.ts';

export interface AlertOptions {
  type?: AlertType;
  /** 'long' keeps the alert for 7.8 s (the too-many-attempts message); default 2.6 s. */
  duration?: 'default' | 'long';
  /** The post a 'post was sent' message links to with 'View'. */
  postId?: string;
}

export interface AlertData {
  message: string;
  type: AlertType;
  duration: 'default' | 'long';
  postId?: string;
}

export function toAlertData(message: string, options: AlertOptions = {}): AlertData {
  return { message, type: options.type ?? 'success', duration: options.duration ?? 'default', postId: options.postId };
}

export function dismissAfterMs(alert: Pick<AlertData, 'duration'>): number {
  return alert.duration === 'long' ? ALERT_TIMING.longDismissMs : ALERT_TIMING.defaultDismissMs;
}

/** The link an alert carries, by the rules of docs/product/community.md#alerts. */
export function alertLink(alert: Pick<AlertData, 'message' | 'postId'>): { label: string; to: string } | null {
  const link = alertLinkFor(alert.message);
  if (link === 'post' && alert.postId)
    return { label: ALERT_LINK_LABELS.viewPost, to: paths.post.getHref(alert.postId) };
  if (link === 'bag') return { label: ALERT_LINK_LABELS.viewBag, to: paths.cart.getHref() };
  return null;
}
