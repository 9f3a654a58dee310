import type { FastifyReply } from 'fastify';

const texts = new WeakMap<object, ReturnType<FastifyReply['serialize']>>();

/**
 * Sends `payload` as JSON written by the route's own serializer (the contract's compiled one,
 * with the Zod check outside production), reusing the text when this very object was sent
 * before. For answers shared unchanged between requests (kept feed pages, decision 025), which
 * must never be changed after they are first sent; the text goes when the object does.
 */
export function sendSerialized(reply: FastifyReply, payload: object): FastifyReply {
  let text = texts.get(payload);
  if (text === undefined) {
    text = reply.serialize(payload);
    texts.set(payload, text);
  }
  return reply.type('application/json; charset=utf-8').send(text);
}
