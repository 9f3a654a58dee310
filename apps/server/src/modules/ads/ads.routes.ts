import {
  AD_MESSAGES,
  AdActionResponseSchema,
  AdDetailSchema,
  AdIdParamsSchema,
  AdListSchema,
  AdSchema,
  BoostBodySchema,
  BoostStartedSchema,
  type CampusDefinition,
  CancelCheckoutResponseSchema,
  CheckoutSessionStatusSchema,
  HTTP_ERROR_MESSAGES,
  PageQuerySchema,
  PaymentsSummarySchema,
  PostAlertSchema,
  PostBoostStatusSchema,
  PostIdParamsSchema,
  SessionIdParamsSchema,
  TestCardBodySchema,
  TestCheckoutResultSchema,
  TestCheckoutSessionSchema,
  TrackAnalyticsBodySchema,
  TrackAnalyticsResponseSchema,
  UpdateAdBodySchema,
} from '@campus/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors } from '../../lib/errors.ts';
import { requireSchoolVerifiedUser, type SessionUser } from '../../plugins/session.ts';
import { adPolicy } from './ads.policy.ts';
import type { AdsDeps } from './ads.service.ts';
import { getAdDetail, trackAnalytics } from './analytics.ts';
import {
  cancelCheckout,
  checkoutStatus,
  getTestCheckout,
  handlePaymentEvent,
  payTestCheckout,
  startBoost,
} from './checkout.ts';
import { changeAd, listAds, postBoostStatus, renameAd, takePostAlert } from './lifecycle.ts';
import { WebhookSignatureError } from './payment-provider.ts';
import { paymentsSummary } from './payments-summary.ts';

/** A signed-in, school-verified member of this site's campus (ads are per campus). */
async function member(request: FastifyRequest & { campus: CampusDefinition }): Promise<SessionUser> {
  const user = await requireSchoolVerifiedUser(request);
  adPolicy.assertMember(user, request.campus);
  return user;
}

/**
 * The boost's caller (docs/product/boosting.md#boost-rules, docs/product/boosting.md#boosting-messages): signed out → 'User is not authenticated'; anyone who may
 * not boost here → 'Something Went Wrong. Please logout and try again.'
 */
async function booster(request: FastifyRequest & { campus: CampusDefinition }): Promise<SessionUser> {
  const user = await request.sessionUser();
  if (!user) throw errors.unauthorized(AD_MESSAGES.notAuthenticated, 'UNAUTHENTICATED');
  if (!user.verified || !user.schoolVerified || user.campusId !== request.campus.id) {
    throw errors.forbidden(AD_MESSAGES.signInAgain, 'BOOST_NOT_ALLOWED');
  }
  return user;
}

export type AdsRouteOptions = Omit<AdsDeps, 'log'>;

export const adsRoutes: FastifyPluginAsyncZod<AdsRouteOptions> = async (app, options) => {
  const deps: AdsDeps = { ...options, log: app.log };
  if (!deps.provider) {
    // Once, at start: production without STRIPE_SECRET_KEY takes no boosts (decision 018).
    app.log.warn('payments are not configured (no STRIPE_SECRET_KEY): boosting answers PAYMENTS_NOT_CONFIGURED');
  }

  app.get(
    '/api/posts/:postId/boost',
    {
      schema: {
        tags: ['ads'],
        summary: "Boosting on the post page: the owner's controls, or everyone else's call-to-action",
        params: PostIdParamsSchema,
        response: { 200: PostBoostStatusSchema },
      },
    },
    // The post's own rule (a private campus's posts are for school-verified accounts).
    async (request) =>
      postBoostStatus(deps, await requireSchoolVerifiedUser(request), request.campus, request.params.postId),
  );

  app.post(
    '/api/posts/:postId/boost',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['ads'],
        summary: 'Boost a post: the ad (in checkout) and a checkout session for days × $5; answers where to pay',
        params: PostIdParamsSchema,
        body: BoostBodySchema,
        response: { 201: BoostStartedSchema },
      },
    },
    async (request, reply) => {
      const viewer = await booster(request);
      const started = await startBoost(
        deps,
        viewer,
        request.campus,
        request.params.postId,
        request.body,
        request.siteOrigin,
      );
      return reply.code(201).send(started);
    },
  );

  app.post(
    '/api/posts/:postId/alert',
    {
      schema: {
        tags: ['ads'],
        summary: "The owner's one-time post-page alert (already_boosted, cancelled_ad, actived_ad): read and cleared",
        params: PostIdParamsSchema,
        response: { 200: PostAlertSchema },
      },
    },
    async (request) => takePostAlert(deps, await member(request), request.params.postId),
  );

  app.get(
    '/api/checkout-sessions/:sessionId',
    {
      schema: {
        tags: ['ads'],
        summary: 'The success page: the state of the ad behind a checkout session',
        params: SessionIdParamsSchema,
        response: { 200: CheckoutSessionStatusSchema },
      },
    },
    async (request) => checkoutStatus(deps, await member(request), request.campus, request.params.sessionId),
  );

  app.post(
    '/api/checkout-sessions/:sessionId/cancel',
    {
      schema: {
        tags: ['ads'],
        summary: 'The cancel page: deletes the ad if it is still unpaid',
        params: SessionIdParamsSchema,
        response: { 200: CancelCheckoutResponseSchema },
      },
    },
    async (request) => cancelCheckout(deps, await member(request), request.campus, request.params.sessionId),
  );

  // The local test checkout exists only with the local provider: never in production, never
  // beside Stripe (its routes are not mounted, so they answer 404 like any unknown path).
  if (deps.provider?.kind === 'local') {
    app.get(
      '/api/test-checkout/:sessionId',
      {
        schema: {
          tags: ['ads'],
          summary: 'Local test checkout (test mode, only without Stripe): what is being paid',
          params: SessionIdParamsSchema,
          response: { 200: TestCheckoutSessionSchema },
        },
      },
      async (request) => getTestCheckout(deps, await member(request), request.campus, request.params.sessionId),
    );

    app.post(
      '/api/test-checkout/:sessionId',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['ads'],
          summary: 'Local test checkout: pay with a test card (4242 4242 4242 4242 passes; others are declined)',
          params: SessionIdParamsSchema,
          body: TestCardBodySchema,
          response: { 200: TestCheckoutResultSchema },
        },
      },
      async (request) =>
        payTestCheckout(deps, await member(request), request.campus, request.params.sessionId, request.body),
    );
  }

  app.get(
    '/api/ads',
    {
      schema: {
        tags: ['ads'],
        summary: "My Ads: the viewer's ads on this campus, newest first",
        querystring: PageQuerySchema,
        response: { 200: AdListSchema },
      },
    },
    async (request) => listAds(deps, await member(request), request.campus, request.query),
  );

  app.get(
    '/api/ads/:adId',
    {
      schema: {
        tags: ['ads'],
        summary: 'An ad with its post analytics (owner only)',
        params: AdIdParamsSchema,
        response: { 200: AdDetailSchema },
      },
    },
    async (request) => getAdDetail(deps, await member(request), request.campus, request.params.adId),
  );

  app.patch(
    '/api/ads/:adId',
    {
      schema: {
        tags: ['ads'],
        summary: 'Rename an ad (title, at most 50 characters)',
        params: AdIdParamsSchema,
        body: UpdateAdBodySchema,
        response: { 200: AdSchema },
      },
    },
    async (request) => renameAd(deps, await member(request), request.campus, request.params.adId, request.body.title),
  );

  for (const action of ['pause', 'resume', 'stop'] as const) {
    app.post(
      `/api/ads/:adId/${action}`,
      {
        schema: {
          tags: ['ads'],
          summary: { pause: 'Pause an active ad', resume: 'Resume a paused ad', stop: 'Stop an ad (permanent)' }[
            action
          ],
          params: AdIdParamsSchema,
          response: { 200: AdActionResponseSchema },
        },
      },
      async (request) => changeAd(deps, await member(request), request.campus, request.params.adId, action),
    );
  }

  app.post(
    '/api/analytics',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['ads'],
        summary: 'trackPostAnalytics: one action on a post (counted only while it has an active ad)',
        body: TrackAnalyticsBodySchema,
        response: { 200: TrackAnalyticsResponseSchema },
      },
    },
    async (request) => trackAnalytics(deps, await request.sessionUser(), request.campus, request.ip, request.body),
  );

  app.get(
    '/api/payments',
    {
      schema: {
        tags: ['ads'],
        summary: 'Settings > Payments: available funds and payment activity',
        response: { 200: PaymentsSummarySchema },
      },
    },
    async (request) => paymentsSummary(deps, await member(request), request.campus),
  );

  // The Stripe webhook reads its body as raw bytes (the signature covers them exactly), so it
  // lives in a child context with its own content-type parser. Only Stripe has it.
  const verifyWebhook = deps.provider?.verifyWebhook?.bind(deps.provider);
  if (!verifyWebhook) return;
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 512 * 1024 }, (_request, body, done) =>
      done(null, body),
    );
    raw.post(
      '/api/payments/stripe/webhook',
      {
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['ads'],
          summary: 'Stripe webhook (signed): checkout.session.completed activates the ad once',
          response: { 200: z.object({ received: z.literal(true) }) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw errors.badRequest(HTTP_ERROR_MESSAGES.invalidWebhookBody, 'INVALID_BODY');
        const signature = request.headers['stripe-signature'];
        let event: ReturnType<typeof verifyWebhook>;
        try {
          event = verifyWebhook(request.body, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
            throw errors.badRequest(HTTP_ERROR_MESSAGES.invalidSignature, 'INVALID_SIGNATURE');
          }
          throw error;
        }
        const outcome = await handlePaymentEvent(deps, event);
        request.log.info({ eventId: event.eventId, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const };
      },
    );
  });
};
