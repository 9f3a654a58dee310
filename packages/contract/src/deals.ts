import { z } from 'zod';
import { RowIdSchema } from './chats.ts';
import { DEAL_MESSAGES, OFFER_STATUSES } from './deals-texts.ts';
import { LISTING_STATUSES } from './listings.ts';
import { MAX_PRICE_CENTS } from './post-limits.ts';
import { PostAuthorSchema } from './posts.ts';

/**
 * Closing a deal (docs/product/selling.md#available-pending-sold, #offers): marking a listing
 * pending or sold for a buyer, and offers made, countered and answered in the chat with the
 * seller. Every text a person reads here is quoted word for word in the product page.
 */

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

export const OfferIdParamsSchema = z.object({ offerId: RowIdSchema });

const OfferSchema = z.object({
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
  /** The viewer made it and it is still open: they may withdraw it (docs/product/selling.md#withdrawing-an-offer). */
  canWithdraw: z.boolean(),
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
const BuyerCandidateSchema = PostAuthorSchema.extend({
  /** Their latest offer on it, if any (shown next to the name). */
  offerCents: z.number().int().nullable(),
});
export type BuyerCandidate = z.infer<typeof BuyerCandidateSchema>;
export const BuyerCandidatesSchema = z.object({ people: z.array(BuyerCandidateSchema) });
export type BuyerCandidates = z.infer<typeof BuyerCandidatesSchema>;
