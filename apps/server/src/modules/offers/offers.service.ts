import {
  type BuyerCandidates,
  type CampusDefinition,
  type ChatOffers,
  DEAL_EVENT_TYPES,
  DEAL_MESSAGES,
  formatOfferAmount,
  type ListingStatusResponse,
  type MarkListingBody,
  OFFER_LIFETIME_MS,
  type OfferResponse,
} from '@campus/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { errors, isUniqueViolation } from '../../lib/errors.ts';
import { publishEvents } from '../../lib/events.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import { isBlockedEitherWay } from '../blocks/index.ts';
import { buyerCandidates, openChat, postOfferMessage, requireChat, requireProfile } from '../chats/index.ts';
import { notify, presentUserSummary } from '../notifications/index.ts';
import { type FeedAds, getPost, listingTitle, markListing, postPolicy } from '../posts/index.ts';
import { announceReviewsDue } from '../reviews/index.ts';
import { findUser } from '../users/index.ts';
import { dealPolicy } from './offers.policy.ts';
import { presentOffer } from './offers.presenter.ts';
import * as repo from './offers.repo.ts';

/*
 * Closing a deal (docs/product/selling.md#available-pending-sold, #offers): the owner marks a
 * listing pending or sold for a buyer picked among who wrote to them about it; members make
 * offers in the chat with the seller, which the other side accepts, declines or counters.
 */

export interface OffersDeps {
  db: Database;
  storage: StorageDriver;
  clock: Clock;
  log: FastifyBaseLogger;
  /** A sale stops the listing's ads (the ads module, handed in by the app as for posts). */
  ads: Pick<FeedAds, 'postSold'>;
}

/** The buyer picker's people: at most this many, latest writer first. */
const CANDIDATES_SHOWN = 50;
/** A chat's offer cards read at once. */
const OFFERS_PER_CHAT = 100;

const url = (deps: OffersDeps) => (key: string) => deps.storage.url(key);

/** The listing of this campus the viewer owns, else the missing-post 404. */
async function requireOwnListing(deps: OffersDeps, viewer: SessionUser, campus: CampusDefinition, postId: string) {
  const found = dealPolicy.requireOwner(postPolicy.requireOnCampus(await getPost(deps.db, postId), campus), viewer);
  dealPolicy.assertListing(found.post);
  return found;
}

/** Both sides' tabs: an offer card changed (SSE). */
function offerEvents(offer: repo.OfferRow) {
  return [offer.buyerId, offer.sellerId].map((userId) => ({
    campusId: offer.campusId,
    userId,
    type: DEAL_EVENT_TYPES.offerChanged,
    payload: { chatId: offer.chatId, postId: offer.postId, offerId: offer.id },
  }));
}

async function presentOne(deps: OffersDeps, offerId: string, viewerId: string): Promise<OfferResponse> {
  const found = await repo.findOfferWithListing(deps.db, offerId);
  if (!found) throw errors.notFound(DEAL_MESSAGES.offerNotFound, 'OFFER_NOT_FOUND');
  return { offer: presentOffer(found, viewerId, deps.clock.now()) };
}

/** The buyer picker (docs/decisions/035-deals-and-offers.md): who wrote to the owner since the listing was posted. */
export async function listBuyerCandidates(
  deps: OffersDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
): Promise<BuyerCandidates> {
  const { post } = await requireOwnListing(deps, viewer, campus, postId);
  const people = await buyerCandidates(
    deps.db,
    { ownerId: viewer.id, campusId: campus.id, postedAt: post.createdAt },
    { limit: CANDIDATES_SHOWN },
  );
  const amounts = await repo.latestAmounts(
    deps.db,
    post.id,
    people.map((p) => p.id),
  );
  // Those who made an offer first, each group latest writer first.
  const ordered = [...people.filter((p) => amounts.has(p.id)), ...people.filter((p) => !amounts.has(p.id))];
  return {
    people: ordered.map((p) => ({ ...presentUserSummary(p, url(deps)), offerCents: amounts.get(p.id) ?? null })),
  };
}

/** Available, Pending or Sold, with the buyer for the last two (docs/product/selling.md#available-pending-sold). */
export async function markListingStatus(
  deps: OffersDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
  body: Required<MarkListingBody>,
): Promise<ListingStatusResponse> {
  const { post } = await requireOwnListing(deps, viewer, campus, postId);
  const buyerId = body.buyerId ?? null;
  const isCandidate =
    buyerId !== null &&
    (
      await buyerCandidates(
        deps.db,
        { ownerId: viewer.id, campusId: campus.id, postedAt: post.createdAt },
        { limit: 1, onlyUserId: buyerId },
      )
    ).length === 1;
  dealPolicy.assertBuyer(body.status, buyerId, isCandidate);
  await deps.db.transaction(async (tx) => {
    const at = deps.clock.now();
    const before = await markListing(tx, deps.ads, {
      postId: post.id,
      ownerId: viewer.id,
      campusId: campus.id,
      status: body.status,
      buyerId,
      at,
      alsoTell: await repo.buyersOfferingOn(tx, post.id),
    });
    // A new sale to a named buyer: both sides may now rate each other (docs/product/reviews.md).
    const newSale = before.status !== 'sold' || before.buyerId !== buyerId;
    if (body.status === 'sold' && buyerId !== null && newSale) {
      await announceReviewsDue(tx, { campusId: campus.id, postId: post.id, sellerId: viewer.id, buyerId, at });
    }
  });
  const buyer = buyerId && body.status !== 'available' ? await findUser(deps.db, buyerId) : undefined;
  return { status: body.status, buyer: buyer ? presentUserSummary(buyer, url(deps)) : null };
}

/**
 * Make offer (docs/product/selling.md#offers): the chat with the seller is opened or started as
 * Send Message does, then the offer and its card are stored together. Every refusal comes
 * before anything is written.
 */
export async function makeOffer(
  deps: OffersDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  postId: string,
  amountCents: number,
): Promise<OfferResponse> {
  postPolicy.assertCanWrite(viewer, campus);
  const { post } = postPolicy.requireOnCampus(await getPost(deps.db, postId), campus);
  dealPolicy.assertListing(post);
  postPolicy.assertNotBlocked(await isBlockedEitherWay(deps.db, viewer.id, post.userId));
  dealPolicy.assertCanOffer(viewer, post);
  const now = deps.clock.now();
  if (await repo.liveOpenOffer(deps.db, post.id, viewer.id, now)) {
    throw errors.conflict(DEAL_MESSAGES.alreadyOpen, 'OFFER_ALREADY_OPEN');
  }
  await requireProfile(deps, viewer);
  const { chat } = await openChat(deps, viewer, campus, post.userId);
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      await repo.settleExpired(tx, post.id, viewer.id, now);
      const offer = await repo.insertOffer(tx, {
        id,
        campusId: campus.id,
        postId: post.id,
        chatId: chat.id,
        buyerId: viewer.id,
        sellerId: post.userId,
        fromUserId: viewer.id,
        amountCents,
        expiresAt: new Date(now.getTime() + OFFER_LIFETIME_MS),
        createdAt: now,
      });
      await postOfferMessage(tx, {
        chatId: chat.id,
        senderId: viewer.id,
        offerId: id,
        line: DEAL_MESSAGES.offered(formatOfferAmount(amountCents)),
        at: now,
      });
      await publishEvents(tx, offerEvents(offer));
    });
  } catch (error) {
    // Two offers sent at once: the one-open-offer index keeps the first.
    if (isUniqueViolation(error)) throw errors.conflict(DEAL_MESSAGES.alreadyOpen, 'OFFER_ALREADY_OPEN');
    throw error;
  }
  return presentOne(deps, id, viewer.id);
}

type Answer = { action: 'accept' } | { action: 'decline' } | { action: 'counter'; amountCents: number };

/**
 * Accept, Decline or Counter (docs/product/selling.md#offers), by the side that did not make the
 * offer, on its locked row. Accepting marks the listing pending for the offer's buyer and
 * notifies the other side; a counter is a new open offer back, with its own card.
 */
export async function answerOffer(
  deps: OffersDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  offerId: string,
  answer: Answer,
): Promise<OfferResponse> {
  postPolicy.assertCanWrite(viewer, campus);
  const now = deps.clock.now();
  const shownId = await deps.db.transaction(async (tx) => {
    const offer = dealPolicy.requireSide(await repo.lockOffer(tx, offerId), viewer, campus.id);
    const otherId = offer.buyerId === viewer.id ? offer.sellerId : offer.buyerId;
    if (await isBlockedEitherWay(tx, viewer.id, otherId)) {
      throw errors.notFound(DEAL_MESSAGES.offerNotFound, 'OFFER_NOT_FOUND');
    }
    dealPolicy.assertCanAnswer(offer, viewer, now);
    const listing = await getPost(tx, offer.postId);
    if (!listing) throw errors.notFound(DEAL_MESSAGES.offerNotFound, 'OFFER_NOT_FOUND');
    if (answer.action !== 'decline' && listing.post.status === 'sold') {
      throw errors.conflict(DEAL_MESSAGES.listingSold, 'LISTING_SOLD');
    }
    if (answer.action === 'decline') {
      await repo.answerOffer(tx, offer.id, 'declined', now);
      await publishEvents(tx, offerEvents(offer));
      return offer.id;
    }
    if (answer.action === 'accept') {
      await repo.answerOffer(tx, offer.id, 'accepted', now);
      await markListing(tx, deps.ads, {
        postId: offer.postId,
        ownerId: offer.sellerId,
        campusId: campus.id,
        status: 'pending',
        buyerId: offer.buyerId,
        at: now,
      });
      await notify(
        tx,
        {
          campusId: campus.id,
          type: 'offer accepted',
          toUserId: otherId,
          fromUserId: viewer.id,
          postId: offer.postId,
          chatId: offer.chatId,
          message: `${formatOfferAmount(offer.amountCents)} · ${listingTitle(listing.post.plainText)}`,
          createdAt: now,
        },
        offerEvents(offer),
      );
      return offer.id;
    }
    await repo.answerOffer(tx, offer.id, 'countered', now);
    const counter = await repo.insertOffer(tx, {
      id: newId(),
      campusId: campus.id,
      postId: offer.postId,
      chatId: offer.chatId,
      buyerId: offer.buyerId,
      sellerId: offer.sellerId,
      fromUserId: viewer.id,
      amountCents: answer.amountCents,
      expiresAt: new Date(now.getTime() + OFFER_LIFETIME_MS),
      createdAt: now,
    });
    await postOfferMessage(tx, {
      chatId: offer.chatId,
      senderId: viewer.id,
      offerId: counter.id,
      line: DEAL_MESSAGES.countered(formatOfferAmount(answer.amountCents)),
      at: now,
    });
    await publishEvents(tx, offerEvents(counter));
    return counter.id;
  });
  return presentOne(deps, shownId, viewer.id);
}

/**
 * Withdraw an open offer (docs/product/selling.md#withdrawing-an-offer), by its maker only, on its
 * locked row: it reads 'Withdrawn' on both sides' cards (live), and nothing else changes (no
 * message, no notification, the listing as it was). The one-open-offer index has room again.
 */
export async function withdrawOffer(
  deps: OffersDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  offerId: string,
): Promise<OfferResponse> {
  postPolicy.assertCanWrite(viewer, campus);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const offer = dealPolicy.requireSide(await repo.lockOffer(tx, offerId), viewer, campus.id);
    const otherId = offer.buyerId === viewer.id ? offer.sellerId : offer.buyerId;
    // A block stops everything between the two, as for an answer.
    if (await isBlockedEitherWay(tx, viewer.id, otherId)) {
      throw errors.notFound(DEAL_MESSAGES.offerNotFound, 'OFFER_NOT_FOUND');
    }
    dealPolicy.assertCanWithdraw(offer, viewer, now);
    await repo.answerOffer(tx, offer.id, 'withdrawn', now);
    await publishEvents(tx, offerEvents(offer));
  });
  return presentOne(deps, offerId, viewer.id);
}

/** A chat's offer cards, for its two participants only. */
export async function listChatOffers(
  deps: OffersDeps,
  viewer: SessionUser,
  campus: CampusDefinition,
  chatId: string,
): Promise<ChatOffers> {
  await requireChat(deps, viewer, campus, chatId);
  const rows = await repo.offersOfChat(deps.db, chatId, OFFERS_PER_CHAT);
  const now = deps.clock.now();
  return { offers: rows.map((r) => presentOffer(r, viewer.id, now)) };
}
