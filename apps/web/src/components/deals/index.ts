/** Deals (docs/product/selling.md): what post pages, cards and chats draw of a listing's deal. */
export { ListingStatusTag, PendingOnPhoto, SoldBanner, SoldRibbon } from './listing-status.tsx';
export { MakeOfferButton } from './make-offer-button.tsx';
export { MarkListingItems, MarkListingMenu, useListingMarker } from './mark-listing.tsx';
export { OfferCard } from './offer-card.tsx';
