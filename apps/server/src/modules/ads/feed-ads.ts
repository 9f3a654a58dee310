import type { FeedAds } from '../posts/index.ts';
import { returnUnspentBudgets, stopAdsOfSoldPost } from './lifecycle.ts';
import { sponsoredSlots } from './sponsored.ts';

/**
 * What the posts module asks of ads (app.ts hands it to the posts routes and the deals routes):
 * the feed's sponsored posts, a deletion's refunds, a sale's stop and refund.
 */
export const feedAds: FeedAds = { sponsoredSlots, postDeleting: returnUnspentBudgets, postSold: stopAdsOfSoldPost };
