import type { DbOrTx } from '../../db/client.ts';

/** A running ad as a feed page shows it. */
interface RunningAd {
  id: string;
  postId: string;
  userId: string;
  ctaType: 'website' | 'message' | 'profile';
  ctaUrl: string;
  ctaLabel: string;
  endTimeAdjusted: Date | null;
}

/** An ad placed after the post at `afterIndex` of a page. */
interface SponsoredSlot {
  afterIndex: number;
  ad: RunningAd;
}

/**
 * What posts need of ads, handed in by the app (app.ts passes the ads module's `feedAds`): ads
 * depend on posts, never the reverse, so posts name what they ask for here and ads answer it.
 */
export interface FeedAds {
  /**
   * A home feed page's sponsored slots for the page's posts, `shown` posts below the top of the
   * scroll, leaving out the ads of `hiddenOwners`; `running` is every ad the viewer may see.
   */
  sponsoredSlots(
    db: DbOrTx,
    campusId: string,
    now: Date,
    postIds: readonly string[],
    shown: number,
    hiddenOwners: ReadonlySet<string>,
  ): Promise<{ slots: SponsoredSlot[]; running: RunningAd[] }>;
  /**
   * A top-level post is about to be deleted, inside the deleting transaction: its ads (which
   * cascade with it) are still there, and what is written here commits or rolls back with the
   * deletion. (An event in the outbox would be read after the commit, when the ads are gone.)
   */
  postDeleting(tx: DbOrTx, postId: string, at: Date): Promise<void>;
  /**
   * A listing was marked sold, inside the marking transaction (docs/product/selling.md): its
   * running ads stop and their unspent money returns to the owner's available funds.
   */
  postSold(tx: DbOrTx, postId: string, at: Date): Promise<void>;
}
