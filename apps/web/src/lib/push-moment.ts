/**
 * A meaningful moment to offer push notifications (docs/product/push-and-app.md#asking): the
 * member just sent their first message, or saved a search. Never on a page load. Features call
 * `pushMoment`; the app shell's prompt host (app/layout/push-prompt-host.tsx) listens and loads
 * the prompt itself only then.
 */

export type PushMoment = 'message' | 'search';

export const PUSH_MOMENT_EVENT = 'campus:push-moment';

/** Where 'Not now' is remembered, and for how long the prompt then stays away. */
const DISMISSED_KEY = 'campus.push-prompt-dismissed-at';
const DISMISSED_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/** The site's service worker controls this page: without it nothing can be subscribed. */
function workerControls(): boolean {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) return false;
  return navigator.serviceWorker.controller !== null;
}

/** True when this browser can receive pushes and its member has not answered yet. */
export function pushCanBeOffered(): boolean {
  if (!workerControls()) return false;
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return false;
  try {
    const dismissed = Number(localStorage.getItem(DISMISSED_KEY) ?? 0);
    return !(dismissed > 0 && Date.now() - dismissed < DISMISSED_FOR_MS);
  } catch {
    return true;
  }
}

export function rememberPushDismissed(): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(Date.now()));
  } catch {
    // Private mode: the prompt may come back next time.
  }
}

/** True when this browser can receive pushes and its member allowed them (subscribed again silently). */
export function pushAllowed(): boolean {
  if (!workerControls()) return false;
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

export function pushMoment(moment: PushMoment): void {
  if (!pushCanBeOffered() && !pushAllowed()) return;
  window.dispatchEvent(new CustomEvent<PushMoment>(PUSH_MOMENT_EVENT, { detail: moment }));
}
