import type { Offer, OfferStatus } from '@campus/contract';
import { listingTitle } from '../posts/index.ts';
import type { OfferWithListing } from './offers.repo.ts';

/**
 * Expiry is read here, on the app clock (docs/decisions/035-deals-and-offers.md): an open offer
 * past its 48 hours reads 'expired' whether or not the row was settled yet.
 */
function offerStatusAt(offer: OfferWithListing['offer'], now: Date): OfferStatus {
  if (offer.status === 'open' && offer.expiresAt.getTime() <= now.getTime()) return 'expired';
  return offer.status;
}

export function presentOffer({ offer, listing }: OfferWithListing, viewerId: string, now: Date): Offer {
  const status = offerStatusAt(offer, now);
  return {
    id: offer.id,
    postId: offer.postId,
    chatId: offer.chatId,
    buyerId: offer.buyerId,
    sellerId: offer.sellerId,
    fromUserId: offer.fromUserId,
    amountCents: offer.amountCents,
    status,
    // The other side answers an open offer, while the listing has not sold.
    canAnswer:
      status === 'open' &&
      listing.status !== 'sold' &&
      offer.fromUserId !== viewerId &&
      (viewerId === offer.buyerId || viewerId === offer.sellerId),
    // Its maker takes it back while it waits (docs/product/selling.md#withdrawing-an-offer).
    canWithdraw: status === 'open' && offer.fromUserId === viewerId,
    expiresAt: offer.expiresAt.toISOString(),
    createdAt: offer.createdAt.toISOString(),
    listing: { title: listingTitle(listing.plainText), priceCents: listing.priceCents, status: listing.status },
  };
}
