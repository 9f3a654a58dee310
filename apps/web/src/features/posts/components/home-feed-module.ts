import { lazyModule } from '@/lib/lazy-module.ts';

/**
 * The feed's code, kept out of the entry (visitors and the hub never download it). A lazy module
 * rather than React.lazy: once loaded (the home route's loader waits for it), /home draws the feed in
 * the same render, which is what hydrating the server's HTML needs (decision 031); React.lazy always suspends on its first render, and the server's feed was
 * thrown away and drawn again.
 */
export const homeFeedModule = lazyModule(() => import('./home-feed.tsx'));
