import type { FeedAds } from '../posts/index.ts';
import { returnUnspentBudgets } from './lifecycle.ts';
import { sponsoredSlots } from './sponsored.ts';

/** What the posts module asks of ads (app.ts hands it to the posts routes): the feed's sponsored posts, a deletion's refunds. */
export const feedAds: FeedAds = { sponsoredSlots, postDeleting: returnUnspentBudgets };
