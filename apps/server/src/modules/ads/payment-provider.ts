import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Config } from '../../config.ts';

/** What a checkout is made with (docs/product/boosting.md#checkout): one line 'Boost Post', USD, quantity 1. */
interface CheckoutRequest {
  amountCents: number;
  productName: 'Boost Post';
  /** May contain `{CHECKOUT_SESSION_ID}`, which the provider fills in. */
  successUrl: string;
  cancelUrl: string;
  adId: string;
  campusId: string;
  userId: string;
}

interface CreatedCheckout {
  id: string;
  url: string;
}

/** A verified provider event that the activation path acts on. */
export type PaymentEvent =
  | {
      type: 'checkout.completed';
      eventId: string;
      sessionId: string;
      amountCents: number;
      currency: string;
      paymentId: string | null;
      paid: boolean;
    }
  | { type: 'checkout.expired'; eventId: string; sessionId: string }
  | { type: 'ignored'; eventId: string; eventType: string };

/**
 * The one payment-provider interface (decision 018): Stripe Checkout when configured, else the
 * local test checkout outside production (`paymentProviderFor`). Both end in the same
 * activation path (ads.service `completeCheckout`).
 */
export interface PaymentProvider {
  readonly kind: 'local' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** Ends an open session so it can no longer be paid; false when it was already paid. */
  expireCheckout(sessionId: string): Promise<boolean>;
  /** Stripe only: the webhook body verified against its signature header; throws when not genuine. */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

export const SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** The checkout page is this app's own /test-checkout/{id}; the card form posts to the API. */
function localProvider(): PaymentProvider {
  return {
    kind: 'local',
    async createCheckout() {
      const id = `cs_test_local_${randomBytes(18).toString('base64url')}`;
      return { id, url: `/test-checkout/${id}` };
    },
    async expireCheckout() {
      return true;
    },
  };
}

export class WebhookSignatureError extends Error {}

function stripeProvider(options: NonNullable<Config['stripe']>): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return {
    kind: 'stripe',
    async createCheckout(request) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: 'usd',
              product_data: { name: request.productName },
              unit_amount: request.amountCents,
            },
            quantity: 1,
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.adId,
        metadata: { adId: request.adId, campusId: request.campusId, userId: request.userId },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a url');
      return { id: session.id, url: session.url };
    },
    async expireCheckout(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        // Stripe refuses to expire a session that is complete (paid) or already expired.
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => undefined);
        if (session?.status === 'complete') return false;
        if (session?.status === 'expired') return true;
        throw error;
      }
    },
    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        return {
          type: 'checkout.completed',
          eventId: event.id,
          sessionId: session.id,
          amountCents: session.amount_total ?? 0,
          currency: session.currency ?? '',
          paymentId:
            typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
          paid: session.payment_status === 'paid',
        };
      }
      if (event.type === 'checkout.session.expired') {
        return { type: 'checkout.expired', eventId: event.id, sessionId: event.data.object.id };
      }
      return { type: 'ignored', eventId: event.id, eventType: event.type };
    },
  };
}

/**
 * Stripe when configured; the local test checkout only outside production; in production
 * without Stripe, none: boosting answers PAYMENTS_NOT_CONFIGURED and no test checkout exists,
 * so a card number from the docs can never buy a real ad.
 */
export function paymentProviderFor(config: Pick<Config, 'stripe' | 'env'>): PaymentProvider | null {
  if (config.stripe) return stripeProvider(config.stripe);
  return config.env === 'production' ? null : localProvider();
}
