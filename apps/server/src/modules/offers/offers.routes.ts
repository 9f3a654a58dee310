import {
  BuyerCandidatesSchema,
  ChatIdParamsSchema,
  ChatOffersSchema,
  ListingStatusSchema,
  MarkListingBodySchema,
  OfferAmountBodySchema,
  OfferIdParamsSchema,
  OfferResponseSchema,
} from '@campus/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSchoolVerifiedUser } from '../../plugins/session.ts';
import {
  answerOffer,
  listBuyerCandidates,
  listChatOffers,
  makeOffer,
  markListingStatus,
  type OffersDeps,
  withdrawOffer,
} from './offers.service.ts';

const PostIdParams = z.object({ postId: z.string().min(1).max(64) });

/** Deals (docs/product/selling.md): a listing's status and buyer, and offers in the chat. */
export const offersRoutes: FastifyPluginAsyncZod<Omit<OffersDeps, 'log'>> = async (app, options) => {
  const deps: OffersDeps = { ...options, log: app.log };

  app.get(
    '/api/posts/:postId/buyers',
    {
      schema: {
        tags: ['deals'],
        summary:
          "The owner's buyer picker: people who messaged them since the listing was posted, those with an offer first",
        params: PostIdParams,
        response: { 200: BuyerCandidatesSchema },
      },
    },
    async (request) =>
      listBuyerCandidates(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.postId),
  );

  app.put(
    '/api/posts/:postId/status',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['deals'],
        summary: 'Mark own listing available, pending or sold (buyer: one of the picker, or null for Someone else)',
        params: PostIdParams,
        body: MarkListingBodySchema,
        response: { 200: ListingStatusSchema },
      },
    },
    async (request) =>
      markListingStatus(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.postId,
        request.body,
      ),
  );

  app.post(
    '/api/posts/:postId/offers',
    {
      // Offers land in someone's chat: as limited as starting chats.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['deals'],
        summary: "Make an offer on a listing: opens the chat with the seller and posts the offer's card there",
        params: PostIdParams,
        body: OfferAmountBodySchema,
        response: { 201: OfferResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await requireSchoolVerifiedUser(request);
      const result = await makeOffer(deps, viewer, request.campus, request.params.postId, request.body.amountCents);
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/offers/:offerId/accept',
    {
      schema: {
        tags: ['deals'],
        summary: 'Accept an offer made to the viewer: the listing becomes pending for its buyer',
        params: OfferIdParamsSchema,
        response: { 200: OfferResponseSchema },
      },
    },
    async (request) =>
      answerOffer(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.offerId, {
        action: 'accept',
      }),
  );

  app.post(
    '/api/offers/:offerId/decline',
    {
      schema: {
        tags: ['deals'],
        summary: 'Decline an offer made to the viewer',
        params: OfferIdParamsSchema,
        response: { 200: OfferResponseSchema },
      },
    },
    async (request) =>
      answerOffer(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.offerId, {
        action: 'decline',
      }),
  );

  app.post(
    '/api/offers/:offerId/counter',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['deals'],
        summary: 'Counter an offer made to the viewer: a new offer back to the other side (201: the counter)',
        params: OfferIdParamsSchema,
        body: OfferAmountBodySchema,
        response: { 201: OfferResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await answerOffer(
        deps,
        await requireSchoolVerifiedUser(request),
        request.campus,
        request.params.offerId,
        { action: 'counter', amountCents: request.body.amountCents },
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/api/offers/:offerId/withdraw',
    {
      schema: {
        tags: ['deals'],
        summary: 'Withdraw an open offer the viewer made: it reads Withdrawn on both sides',
        params: OfferIdParamsSchema,
        response: { 200: OfferResponseSchema },
      },
    },
    async (request) =>
      withdrawOffer(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.offerId),
  );

  app.get(
    '/api/chats/:chatId/offers',
    {
      schema: {
        tags: ['deals'],
        summary: "A chat's offers (its offer cards), newest first, for its two participants",
        params: ChatIdParamsSchema,
        response: { 200: ChatOffersSchema },
      },
    },
    async (request) =>
      listChatOffers(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.chatId),
  );
};
