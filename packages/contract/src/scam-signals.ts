/**
 * Scam warnings in chat (docs/product/safety.md#scam-warnings): the signs of the usual scams
 * between strangers — paying before seeing the item, moving the talk to another app, payment
 * handles, gift cards, wire transfers, shipping only, links to other sites. Pure and without
 * Zod: the server runs it when it presents a message to its recipient
 * (docs/decisions/038-meetups-and-scam-warnings.md). Nothing is ever blocked; the recipient sees
 * one quiet line under the message.
 */

/** The line the recipient reads under a message that shows a sign. */
export const SCAM_WARNING_TEXT = 'Never pay before you see the item. Keep the conversation here.';
/** Its link to the Trust & Safety page (the campus's safe meet-up spots and the usual scams). */
export const SCAM_WARNING_LINK = 'Safety tips';

const SCAM_SIGNALS = [
  'pay-first',
  'elsewhere',
  'phone',
  'email',
  'payment-app',
  'gift-card',
  'wire',
  'shipping-only',
  'link',
] as const;
export type ScamSignal = (typeof SCAM_SIGNALS)[number];

/** Asking for money before the two have met: 'pay first', 'send me the money', 'a deposit to hold it'. */
const PAY_FIRST: RegExp[] = [
  /\b(pay|paid|payment|money|cash|funds|deposit|send)\b[^.!?\n]{0,40}?\b(first|upfront|up[\s-]front|in advance|ahead of time|beforehand|before (we|i|you) meet|before meeting|before (i|we) (ship|send|bring|hand))\b/i,
  /\bsend (me )?(the |your |a )?(money|payment|funds|deposit)\b/i,
  /\b(pre[\s-]?pay|prepayment|advance payment|deposit to hold|hold (it|the \w+) (with|for) a deposit)\b/i,
];

/** Taking the talk off this app: 'text me', 'WhatsApp', 'Telegram', 'email me'. */
const ELSEWHERE: RegExp[] = [
  // 'Message me' and 'DM me' alone mean here, in this chat; 'text me' and 'call me' mean a phone.
  /\b(text|call|email|e-mail|ring|hmu)\s+me\b(?!\s+(here|on here|in (this|the) chat|through (this|the) app))/i,
  /\b(whats\s?app|telegram|signal app|on signal|kik|wechat|we chat|line app|snapchat|snap me|imessage|google voice|facebook messenger)\b/i,
  /\b(add|reach|contact|find|message|msg|dm|hit) me (up )?(on|at|via)\b/i,
  /\b(on|my) (insta|instagram|ig|facebook|fb)\b/i,
  /\bmy (number|cell|phone|email|e-mail) is\b/i,
];

/** US-style phone numbers: 405 555 0134, (405) 555-0134, +1 405.555.0134, 4055550134. */
const PHONE = /(?<![\d$.,])(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?![\d])/;

const PAYMENT_APP = /\b(zelle|venmo|cash\s?app|paypal|pay pal|apple cash|chime)\b|(?<![\w$])\$[a-z][a-z0-9_-]{2,}/i;

const GIFT_CARD = /\b(gift\s?cards?|(itunes|apple|google play|steam|amazon|ebay|visa) (gift )?cards?)\b/i;

/** A wire transfer — not the wire of a charger or 'wireless'. */
const WIRE =
  /\b(wire (transfer|you|me|it|the (money|payment|funds)|money|funds|payment)|wired (you|me|it|the money|money|funds|the payment)|western union|moneygram|money gram|bank transfer)\b/i;

const SHIPPING_ONLY =
  /\b(shipping[\s-]only|ship[\s-]only|only (do |doing )?(ship|shipping)|(can|will) only ship|i('ll| will) ship it to you|can't meet,? (but )?(i|we) can ship)\b/i;

/** Bare domain endings that read as a site ('bit.ly/3xYz', 'example.com'); with http(s):// or www. any ending does. */
const SITE_ENDINGS = new Set(
  'com net org io me ly app co info xyz link shop store site online us biz page gl edu gov'.split(' '),
);

export interface ScamCheckOptions {
  /** This campus's own host (e.g. 'ou.campusbuysell.app'): links to it are the app's own. */
  ownHost: string;
}

function hostOf(raw: string): string {
  const host = raw.toLowerCase();
  const port = host.lastIndexOf(':');
  const bare = port > 0 && /^\d+$/.test(host.slice(port + 1)) ? host.slice(0, port) : host;
  return bare.startsWith('www.') ? bare.slice(4) : bare;
}

const LABEL = /^[a-z0-9-]+$/i;
const LOCAL_CHAR = /[a-z0-9._%+-]/i;

/** 'a.b.com' with every label a plain one and, unless `anyEnding`, a site ending. */
function isDomain(host: string, anyEnding: boolean): boolean {
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  const ending = (labels.at(-1) ?? '').toLowerCase();
  return anyEnding ? /^[a-z]{2,}$/.test(ending) : SITE_ENDINGS.has(ending);
}

/**
 * What the words of a message hold: an email address, a link to another site. Word by word and
 * label by label, in one pass: regular expressions over a 500-character word without spaces
 * backtrack (docs/decisions/038-meetups-and-scam-warnings.md).
 */
function addressesIn(text: string, ownHost: string): { email: boolean; link: boolean } {
  const own = hostOf(ownHost);
  let email = false;
  let link = false;
  if (!text.includes('.')) return { email, link };
  for (const word of text.split(/\s+/)) {
    // Both an email's domain and a site have a dot.
    if (!word.includes('.')) continue;
    const token = word.replace(/^[("'<[]+|[)"'>\],;:!?.]+$/g, '');
    if (!token) continue;
    const at = token.lastIndexOf('@');
    if (at > 0) {
      const before = token[at - 1] ?? '';
      if (LOCAL_CHAR.test(before) && isDomain(token.slice(at + 1), true)) {
        email = true;
        continue;
      }
    }
    const scheme = /^https?:\/\//i.exec(token);
    const rest = scheme ? token.slice(scheme[0].length) : token;
    const host = rest.split(/[/?#]/, 1)[0] ?? '';
    const explicit = scheme !== null || /^www\./i.test(host);
    const hostOnly = host.replace(/:\d+$/, '');
    if (hostOnly && isDomain(hostOnly, explicit) && hostOf(host) !== own) link = true;
  }
  return { email, link };
}

/** Every sign the text shows, in SCAM_SIGNALS order (empty: no warning). */
export function scamSignals(text: string, options: ScamCheckOptions): ScamSignal[] {
  const found: ScamSignal[] = [];
  if (PAY_FIRST.some((rule) => rule.test(text))) found.push('pay-first');
  if (ELSEWHERE.some((rule) => rule.test(text))) found.push('elsewhere');
  // A cheap gate before a rule that could backtrack over a long run of digits.
  if (/\d{3}/.test(text) && PHONE.test(text)) found.push('phone');
  const addresses = addressesIn(text, options.ownHost);
  if (addresses.email) found.push('email');
  if (PAYMENT_APP.test(text)) found.push('payment-app');
  if (GIFT_CARD.test(text)) found.push('gift-card');
  if (WIRE.test(text)) found.push('wire');
  if (SHIPPING_ONLY.test(text)) found.push('shipping-only');
  if (addresses.link) found.push('link');
  return found;
}

export function showsScamSigns(text: string, options: ScamCheckOptions): boolean {
  return scamSignals(text, options).length > 0;
}
