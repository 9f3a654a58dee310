import { describe, expect, it } from 'vitest';
import { type ScamSignal, scamSignals, showsScamSigns } from './scam-signals.ts';

const ownHost = 'ou.campusbuysell.app';

/** [message, the signs it shows] — an empty list is a message that must not warn. */
const CASES: [string, ScamSignal[]][] = [
  // Paying before meeting.
  ['send me the money on Zelle first', ['pay-first', 'payment-app']],
  ['You need to pay first, then I bring it', ['pay-first']],
  ['I need payment upfront because lots of people flake', ['pay-first']],
  ['Can you send a deposit to hold it?', ['pay-first']],
  ['send the payment and I will hold it for you', ['pay-first']],
  ['pay in advance please', ['pay-first']],
  ['I want the money before we meet', ['pay-first']],
  ['prepay and I reserve it', ['pay-first']],
  // Moving the talk elsewhere.
  ['text me', ['elsewhere']],
  ['Easier if you call me tonight', ['elsewhere']],
  ['email me for more pics', ['elsewhere']],
  ['Message me on WhatsApp', ['elsewhere']],
  ['lets continue on telegram', ['elsewhere']],
  ['add me on snapchat', ['elsewhere']],
  ['my number is below', ['elsewhere']],
  ['dm me on insta', ['elsewhere']],
  ['message me at my other account', ['elsewhere']],
  ['hit me up on snap', ['elsewhere']],
  // Phone numbers and emails.
  ['405-555-0134', ['phone']],
  ['call me at (405) 555 0134 after 5', ['elsewhere', 'phone']],
  ['+1 405.555.0134', ['phone']],
  ['4055550134', ['phone']],
  ['reach me at jo.smith@gmail.com', ['elsewhere', 'email']],
  ['jo.smith@gmail.com', ['email']],
  // Payment apps and handles.
  ['Do you have Venmo?', ['payment-app']],
  ['cash app works', ['payment-app']],
  ['CashApp is fine', ['payment-app']],
  ['my cashtag is $jo-sells', ['payment-app']],
  ['paypal friends and family only', ['payment-app']],
  // Gift cards and wires.
  ['I only take a Steam gift card', ['gift-card']],
  ['can you buy an itunes card', ['gift-card']],
  ['I can wire you the money tonight', ['wire']],
  ['wire transfer is best', ['wire']],
  ['Western Union works', ['wire']],
  // Shipping only.
  ['shipping only, I am out of town', ['shipping-only']],
  ["I can only ship, I'm not on campus", ['shipping-only']],
  // Links to other sites.
  ['see https://example.com/listing', ['link']],
  ['pics at www.imgur.com/abc', ['link']],
  ['check bit.ly/3xYz for more', ['link']],
  ['https://evil.example.org', ['link']],
  // Must not warn: prices, cash in person, this campus's own links, plain chat.
  ['$40', []],
  ['Would you take $40?', []],
  ['I can pay cash when we meet', []],
  ['Cash only, pay when you pick it up', []],
  ['I will pay when we meet at the union', []],
  ['Is this still available?', []],
  ['Sure, see you at 3:30 tomorrow', []],
  ['Meet at the library entrance at 5?', []],
  ['It comes with the charging wire', []],
  ['wireless mouse included', []],
  ['No shipping, pickup only', []],
  ['Text here is fine', []],
  ['message me here when you are close', []],
  ["message me when you're close", []],
  ['DM me if it sells before Friday', []],
  ['Can you message me the dimensions?', []],
  ['https://ou.campusbuysell.app/post/abc123', []],
  ['ou.campusbuysell.app/post/abc', []],
  ['The desk is 120 x 60 cm, 2019 model', []],
  ['I paid $1,200 for it in 2021', []],
  ['Room 2.5 of the dorm, building 12', []],
  ['@jsmith said you have a bike', []],
  ['Can I pick it up first thing tomorrow?', []],
  ['Pay what you want', []],
  ['I signal when I arrive', []],
  ['Venue is the student union', []],
];

describe('scamSignals', () => {
  it.each(CASES)('%s → %j', (text, signs) => {
    expect(scamSignals(text, { ownHost })).toEqual(signs);
  });

  it('treats links to the campus host as its own, with or without www. and a port', () => {
    expect(showsScamSigns('https://www.ou.campusbuysell.app/post/1', { ownHost })).toBe(false);
    expect(showsScamSigns('http://ou.localhost:5173/post/1', { ownHost: 'ou.localhost:5173' })).toBe(false);
    // Another campus's site is another site.
    expect(showsScamSigns('https://ut.campusbuysell.app/post/1', { ownHost })).toBe(true);
  });
});
