/**
 * Closing a deal (docs/product/selling.md#available-pending-sold, #offers): its constants, texts
 * and live event names, without Zod, so the web app's entry can use them (decision 022). The
 * request and response schemas are in deals.ts.
 */

/** An offer stays open this long (app clock), then reads 'Expired' (docs/decisions/035-deals-and-offers.md). */
export const OFFER_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** What an offer's card says it became. 'open' is still waiting for an answer; 'withdrawn': its maker took it back. */
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'countered', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  open: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  countered: 'Countered',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

export const DEAL_MESSAGES = {
  makeOffer: 'Make offer',
  offerTitle: 'Make an offer',
  offerAmountLabel: 'Your offer',
  sendOffer: 'Send offer',
  counterTitle: 'Counter offer',
  counterAmountLabel: 'Your counter offer',
  sendCounter: 'Send counter',
  accept: 'Accept',
  decline: 'Decline',
  counter: 'Counter',
  /** The maker's button on their open offer (docs/product/selling.md#withdrawing-an-offer). */
  withdraw: 'Withdraw offer',
  /** The chat line of an offer ('Offered $40'), also the inbox preview. */
  offered: (amount: string) => `Offered ${amount}`,
  countered: (amount: string) => `Countered with ${amount}`,
  yourOffer: 'Your offer',
  theirOffer: 'Their offer',
  expiresIn: (when: string) => `Expires ${when}`,
  offerSent: 'Offer sent',
  markPending: 'Mark as pending',
  markSold: 'Mark as sold',
  markAvailable: 'Mark as available',
  pickBuyerTitle: (status: 'pending' | 'sold') => (status === 'sold' ? 'Who bought it?' : 'Pending for whom?'),
  pickBuyerHint: 'People who messaged you about this listing.',
  noCandidates: 'No one has messaged you about this listing yet.',
  someoneElse: 'Someone else',
  statusSaved: { available: 'Marked as available', pending: 'Marked as pending', sold: 'Marked as sold' },
  soldRibbon: 'Sold',
  pendingTag: 'Pending',
  soldBanner: 'Sold',
  /** A saver's notification text. */
  soldNotice: (title: string) => `${title} has sold`,

  // Refusals (nothing is stored).
  amountRequired: 'Enter an amount.',
  amountNotANumber: 'Enter the amount as a number.',
  amountTooLow: 'An offer has to be more than $0.',
  amountTooHigh: 'That amount is too high. Offers go up to $1,000,000.',
  amountWholeCents: 'Use at most two decimals.',
  ownListing: "You can't make an offer on your own listing.",
  listingSold: 'This listing has sold, so it no longer takes offers.',
  notAListing: 'Comments are not listings.',
  alreadyOpen: 'You already have an open offer on this listing. Wait for an answer, or for it to expire.',
  offerNotFound: 'This offer is no longer available.',
  offerExpired: 'This offer has expired.',
  offerAnswered: 'This offer was already answered.',
  notYourTurn: "You can't answer your own offer.",
  notYourOffer: 'Only the person who made this offer can withdraw it.',
  statusUnknown: 'Choose Available, Pending or Sold.',
  buyerNotCandidate: 'Choose someone who messaged you about this listing, or Someone else.',
  buyerOnlyWhenDealt: 'Only a pending or sold listing has a buyer.',
  soldNoBoost: "This listing has sold, so it can't be boosted.",
} as const;

const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });

/** An offer's amount: '$40', or '$40.50' when it has cents. */
export function formatOfferAmount(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usdCents.format(cents / 100);
}
