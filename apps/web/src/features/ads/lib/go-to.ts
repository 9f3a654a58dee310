import type { NavigateFunction } from 'react-router';

/**
 * Follows an address the server gave (a checkout page, a return page): a path of this site
 * stays in the app; anything else (Stripe Checkout) is a full page load.
 */
export function goTo(url: string, navigate: NavigateFunction, { replace = false } = {}): void {
  if (url.startsWith('/') && !url.startsWith('//')) {
    navigate(url, { replace });
  } else if (replace) {
    window.location.replace(url);
  } else {
    window.location.assign(url);
  }
}
