import { z } from 'zod';
import { RowIdSchema } from './chats.ts';
import { LISTING_STATUSES } from './listings.ts';
import { MAX_PRICE_CENTS } from './post-limits.ts';
import { PostAuthorSchema } from './posts.ts';

/**
 * Closing a deal (docs/product/selling.md#available-pending-sold, #offers): marking a listing
 * pending or sold for a buyer, and offers made, countered and answered in the chat with the
 * seller. Every text a person reads here is quoted word for word in the product page.
 */

/** An offer stays open this long (app clock), then reads 'Expired' (docs/decisions/035-deals-and-offers.md). */
export const OFFER_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** What an offer's card says it became. 'open' is still waiting for an answer. */
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'countered', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  open: 'Waiting for an answer',
  accepted: 'Accepted',
  declined: 'Declined',
  countered: 'Countered',
  expired: 'Expired',
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
  statusUnknown: 'Choose Available, Pending or Sold.',
  buyerNotCandidate: 'Choose someone who messaged you about this listing, or Someone else.',
  buyerOnlyWhenDealt: 'Only a pending or sold listing has a buyer.',
  soldNoBoost: "This listing has sold, so it can't be boosted.",
} as const;

const offerAmount = z
  .number({
    error: (issue) => (issue.input === undefined ? DEAL_MESSAGES.amountRequired : DEAL_MESSAGES.amountNotANumber),
  })
  .refine(Number.isFinite, DEAL_MESSAGES.amountNotANumber)
  .refine(Number.isInteger, DEAL_MESSAGES.amountWholeCents)
  .refine((n) => n > 0, DEAL_MESSAGES.amountTooLow)
  .refine((n) => n <= MAX_PRICE_CENTS, DEAL_MESSAGES.amountTooHigh);

/** Make offer and Counter: an amount in cents, above 0 and at most the contract's price limit. */
export const OfferAmountBodySchema = z.strictObject({ amountCents: offerAmount });
export type OfferAmountBody = z.infer<typeof OfferAmountBodySchema>;

export const OfferIdParamsSchema = z.object({ offerId: RowIdSchema });

export const OfferSchema = z.object({
  id: z.string(),
  postId: z.string(),
  chatId: z.string(),
  buyerId: z.string(),
  sellerId: z.string(),
  /** Who made this offer: the buyer, or the seller when it is a counter. */
  fromUserId: z.string(),
  amountCents: z.number().int(),
  status: z.enum(OFFER_STATUSES),
  /** The viewer is the side that may Accept, Decline or Counter it now. */
  canAnswer: z.boolean(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The listing as the card shows it: its first line, price and where the deal stands. */
  listing: z.object({
    title: z.string(),
    priceCents: z.number().int().nullable(),
    status: z.enum(LISTING_STATUSES),
  }),
});
export type Offer = z.infer<typeof OfferSchema>;

export const OfferResponseSchema = z.object({ offer: OfferSchema });
export type OfferResponse = z.infer<typeof OfferResponseSchema>;

/** The offers of one chat (few: one open per buyer and listing), for its offer cards. */
export const ChatOffersSchema = z.object({ offers: z.array(OfferSchema) });
export type ChatOffers = z.infer<typeof ChatOffersSchema>;

/** Mark a listing available, pending or sold; a buyer only for pending and sold (null: 'Someone else'). */
export const MarkListingBodySchema = z.strictObject({
  status: z.enum(LISTING_STATUSES, { error: DEAL_MESSAGES.statusUnknown }),
  buyerId: RowIdSchema.nullable().default(null),
});
export type MarkListingBody = z.input<typeof MarkListingBodySchema>;

export const ListingStatusSchema = z.object({
  status: z.enum(LISTING_STATUSES),
  buyer: PostAuthorSchema.nullable(),
});
export type ListingStatusResponse = z.infer<typeof ListingStatusSchema>;

/** Someone the owner may pick as the buyer: they messaged the owner about this listing. */
export const BuyerCandidateSchema = PostAuthorSchema.extend({
  /** Their latest offer on it, if any (shown next to the name). */
  offerCents: z.number().int().nullable(),
});
export type BuyerCandidate = z.infer<typeof BuyerCandidateSchema>;
export const BuyerCandidatesSchema = z.object({ people: z.array(BuyerCandidateSchema) });
export type BuyerCandidates = z.infer<typeof BuyerCandidatesSchema>;

/** Live events of deals, to the people concerned (payload ids only, like the chat events). */
export const DEAL_EVENT_TYPES = {
  /** An offer was made or answered. Payload: { chatId, postId, offerId }. */
  offerChanged: 'offer.changed',
  /** A listing's status changed. Payload: { postId }. */
  listingChanged: 'listing.changed',
} as const;

const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0 });

/** An offer's amount: '$40', or '$40.50' when it has cents. */
export function formatOfferAmount(cents: number): string {
  return cents % 100 === 0 ? usdWhole.format(cents / 100) : usdCents.format(cents / 100);
}
