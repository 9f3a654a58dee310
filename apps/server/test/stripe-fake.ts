import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A tiny stand-in for the Stripe API (decision 018): only the endpoints the app calls —
 * create, retrieve and expire a Checkout Session — answered in Stripe's shapes, plus helpers that
 * build signed webhook events the way Stripe signs them. No npm package embeds stripe-mock.
 */
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  line_items_form: Record<string, string>;
}

export async function startStripeFake(webhookSecret: string) {
  const sessions = new Map<string, FakeSession>();
  const requests: Array<{ method: string; path: string; form: Record<string, string>; auth: string | undefined }> = [];
  let failNext: string | null = null;
  let counter = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
    res.end(JSON.stringify(body));
  };
  const error = (res: ServerResponse, status: number, message: string) =>
    send(res, status, { error: { type: 'invalid_request_error', message } });

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const path = (req.url ?? '').split('?')[0] ?? '';
    requests.push({ method: req.method ?? '', path, form, auth: req.headers.authorization });
    if (failNext) {
      const message = failNext;
      failNext = null;
      return error(res, 400, message);
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      counter += 1;
      const id = `cs_test_fake${counter}_${Date.now()}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: form.mode ?? '',
        url: `https://checkout.stripe.test/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form['line_items[0][price_data][unit_amount]']) * Number(form['line_items[0][quantity]']),
        currency: form['line_items[0][price_data][currency]'] ?? '',
        success_url: form.success_url ?? '',
        cancel_url: form.cancel_url ?? '',
        client_reference_id: form.client_reference_id ?? null,
        metadata: Object.fromEntries(
          Object.entries(form)
            .filter(([k]) => k.startsWith('metadata['))
            .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
        ),
        payment_intent: null,
        line_items_form: Object.fromEntries(Object.entries(form).filter(([k]) => k.startsWith('line_items'))),
      };
      sessions.set(id, session);
      return send(res, 200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (match && !session) return error(res, 404, 'No such checkout.session');
    if (session && req.method === 'GET' && !match?.[2]) return send(res, 200, session);
    if (session && req.method === 'POST' && match?.[2]) {
      if (session.status !== 'open')
        return error(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
      session.status = 'expired';
      return send(res, 200, session);
    }
    return error(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  const signer = new Stripe('sk_test_signer');
  let eventCounter = 0;
  /** A Stripe event about a session, its body and a Stripe-Signature header (optionally stale or wrong). */
  const event = (
    type: string,
    object: Partial<FakeSession> & { id: string },
    options: { id?: string; timestamp?: number; secret?: string } = {},
  ) => {
    eventCounter += 1;
    const payload = JSON.stringify({
      id: options.id ?? `evt_fake_${eventCounter}_${Date.now()}`,
      object: 'event',
      api_version: '2025-01-01',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
    });
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? webhookSecret,
      timestamp: options.timestamp,
    });
    return { payload, signature };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    requests,
    failNextWith(message: string) {
      failNext = message;
    },
    /** The customer pays: the session completes and the completed event is made. */
    pay(id: string, options: { id?: string; amount?: number } = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no fake session ${id}`);
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = `pi_fake_${id}`;
      return event(
        'checkout.session.completed',
        { ...session, amount_total: options.amount ?? session.amount_total },
        options,
      );
    },
    event,
    async close() {
      server.close();
      await once(server, 'close');
    },
  };
}
