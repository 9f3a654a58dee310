import {
  ACCOUNT_SAFETY_LIMITS,
  ACCOUNT_SAFETY_MESSAGES,
  AUTH_MESSAGES,
  CAMPUS_IDS,
  VALIDATION_MESSAGES,
} from '@campus/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import {
  latestCode,
  latestMail,
  mailCount,
  TestBrowser,
  uniqueEmail,
  verifiedUser,
  wrongCode,
} from '../../../test/auth.ts';
import { accountCodeGuards, bannedEmails, posts, users, verificationCodes } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { MAX_WRONG_CODE_GUESSES } from '../auth/account-safety.repo.ts';
import { banAccount } from '../auth/index.ts';
import { MAX_CODE_ATTEMPTS } from '../verification-codes/index.ts';

/** A clock the tests move forward to pass the 2-hour validity. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };
const { app, db } = await createTestApp({}, { clock });

const ouEmail = () => uniqueEmail('sooner').replace('@example.com', '@ou.edu');

describe('joining a campus with a school email', () => {
  it('sends a PIN, and the right PIN makes the user a school-verified member with a "new user" post', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const schoolEmail = ouEmail();
    const send = await browser.post('/api/school-email/code', { email: schoolEmail });
    expect(send.statusCode).toBe(204);
    expect((await latestMail(db, schoolEmail))?.subject).toMatch(/^\d{4} is your OU Buy \/ Sell verification code$/);

    const memberCountBefore = (await browser.get('/api/campus')).json().memberCount;
    const verify = await browser.post('/api/school-email/verify', {
      email: schoolEmail,
      code: await latestCode(db, schoolEmail),
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      redirectTo: '/home',
      viewer: { schoolVerified: true, schoolEmail, campusId: CAMPUS_IDS.ou },
    });
    const announcements = await db
      .select()
      .from(posts)
      .where(and(eq(posts.userId, user.id), eq(posts.type, 'new user')));
    expect(announcements).toHaveLength(1);
    expect(announcements[0]?.campusId).toBe(CAMPUS_IDS.ou);
    expect(await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id))).toEqual([]);
    expect((await browser.get('/api/campus')).json().memberCount).toBe(memberCountBefore + 1);
  });

  it('joins the campus chosen in Find Your School and sends hub users back to /search_schools', async () => {
    const { browser } = await verifiedUser(app, db, { host: 'hub.localhost:3000' });
    const schoolEmail = uniqueEmail('longhorn').replace('@example.com', '@utexas.edu');
    await browser.post('/api/school-email/code', { email: schoolEmail, campusId: CAMPUS_IDS.ut });
    const verify = await browser.post('/api/school-email/verify', {
      email: schoolEmail,
      code: await latestCode(db, schoolEmail),
      campusId: CAMPUS_IDS.ut,
    });
    expect(verify.json()).toMatchObject({ redirectTo: '/search_schools', viewer: { campusId: CAMPUS_IDS.ut } });
  });

  it('refuses an address outside the campus domains, an empty one, and the current one', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const wrongDomain = await browser.post('/api/school-email/code', { email: 'someone@utexas.edu' });
    expect(wrongDomain.json()).toMatchObject({ statusCode: 400, message: VALIDATION_MESSAGES.schoolEmailInvalid });
    const empty = await browser.post('/api/school-email/code', { email: '' });
    expect(empty.json().message).toBe(VALIDATION_MESSAGES.newSchoolEmailRequired);

    const current = ouEmail();
    await db.update(users).set({ schoolEmail: current }).where(eq(users.id, user.id));
    const same = await browser.post('/api/school-email/code', { email: current.toUpperCase() });
    expect(same.json().message).toBe(VALIDATION_MESSAGES.newSchoolEmailRequired);
    // The hub has no school domains.
    const hub = await browser.post('/api/school-email/code', { email: ouEmail(), campusId: CAMPUS_IDS.hub });
    expect(hub.json().message).toBe(VALIDATION_MESSAGES.schoolDomainsMissing);
    expect(await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id))).toEqual([]);
  });

  it('refuses an empty code, a wrong code, and stops after too many attempts', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const schoolEmail = ouEmail();
    await browser.post('/api/school-email/code', { email: schoolEmail });
    const code = await latestCode(db, schoolEmail);
    const wrongCode = code === '9999' ? '1000' : String(Number(code) + 1);

    const empty = await browser.post('/api/school-email/verify', { email: schoolEmail, code: '' });
    expect(empty.json().message).toBe(VALIDATION_MESSAGES.verificationCodeRequired);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
      const wrong = await browser.post('/api/school-email/verify', { email: schoolEmail, code: wrongCode });
      expect(wrong.json().message).toBe(VALIDATION_MESSAGES.verificationCodeIncorrect);
    }
    // Even the right code no longer works; a new one must be sent.
    const late = await browser.post('/api/school-email/verify', { email: schoolEmail, code });
    expect(late.json().message).toBe(VALIDATION_MESSAGES.verificationCodeIncorrect);
    expect((await db.query.users.findFirst({ where: eq(users.id, user.id) }))?.schoolVerified).toBe(false);
  });

  it('refuses a code older than two hours', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const schoolEmail = ouEmail();
    await browser.post('/api/school-email/code', { email: schoolEmail });
    const code = await latestCode(db, schoolEmail);
    offsetMs = 2 * 60 * 60 * 1000 + 1000;
    try {
      const res = await browser.post('/api/school-email/verify', { email: schoolEmail, code });
      expect(res.json().message).toBe(VALIDATION_MESSAGES.verificationCodeIncorrect);
    } finally {
      offsetMs = 0;
    }
    expect((await db.query.users.findFirst({ where: eq(users.id, user.id) }))?.schoolVerified).toBe(false);
  });
});

describe('who may join', () => {
  it('requires a signed-in user with a verified email', async () => {
    const visitor = new TestBrowser(app);
    expect((await visitor.post('/api/school-email/code', { email: ouEmail() })).json().code).toBe('UNAUTHENTICATED');

    const unverified = new TestBrowser(app);
    const email = uniqueEmail('unverified');
    await unverified.post('/api/auth/sign-up/email', { name: 'Una Verified', email, password: 'secret123' });
    const res = await unverified.post('/api/school-email/code', { email: ouEmail() });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('PINs count against the account (docs/decisions/008-account-hardening.md)', () => {
  it(`refuses the ${MAX_WRONG_CODE_GUESSES + 1}th wrong PIN of the day, even the right one, and sends no more`, async () => {
    const { browser, user } = await verifiedUser(app, db);
    const schoolEmail = ouEmail();
    for (let i = 0; i < MAX_WRONG_CODE_GUESSES; i++) {
      // A PIN allows MAX_CODE_ATTEMPTS wrong guesses; then a new one is asked for.
      if (i % MAX_CODE_ATTEMPTS === 0) {
        expect((await browser.post('/api/school-email/code', { email: schoolEmail })).statusCode).toBe(204);
      }
      const code = await latestCode(db, schoolEmail);
      const wrong = await browser.post('/api/school-email/verify', { email: schoolEmail, code: wrongCode(code) });
      expect(wrong.json().message).toBe(VALIDATION_MESSAGES.verificationCodeIncorrect);
    }
    const send = await browser.post('/api/school-email/code', { email: schoolEmail });
    expect(send.statusCode).toBe(429);
    expect(send.json()).toMatchObject({
      code: 'CODE_GUESSES_EXCEEDED',
      message: ACCOUNT_SAFETY_MESSAGES.codeGuessesExceeded,
    });
    const right = await browser.post('/api/school-email/verify', {
      email: schoolEmail,
      code: await latestCode(db, schoolEmail),
    });
    expect(right.statusCode).toBe(429);
    expect((await db.query.users.findFirst({ where: eq(users.id, user.id) }))?.schoolVerified).toBe(false);
    expect(await db.select().from(posts).where(eq(posts.userId, user.id))).toEqual([]);
  });

  it('shares the budget with the email verification code', async () => {
    const { browser, email, user } = await verifiedUser(app, db);
    await db
      .update(accountCodeGuards)
      .set({ wrongGuesses: MAX_WRONG_CODE_GUESSES, guessesSince: new Date() })
      .where(eq(accountCodeGuards.email, email));
    const send = await browser.post('/api/school-email/code', { email: ouEmail() });
    expect(send.json().code).toBe('CODE_GUESSES_EXCEEDED');
    expect(await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id))).toEqual([]);
  });

  it(`caps PIN requests at ${ACCOUNT_SAFETY_LIMITS.codeRequestsPerHour} an hour`, async () => {
    const { browser, email } = await verifiedUser(app, db);
    // The account's own verification code was the first request of the hour.
    const statuses: number[] = [];
    for (let i = 1; i <= ACCOUNT_SAFETY_LIMITS.codeRequestsPerHour; i++) {
      statuses.push((await browser.post('/api/school-email/code', { email: ouEmail() })).statusCode);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_SAFETY_LIMITS.codeRequestsPerHour - 1).fill(204), 429]);
    const [guard] = await db.select().from(accountCodeGuards).where(eq(accountCodeGuards.email, email));
    expect(guard?.sends).toBe(ACCOUNT_SAFETY_LIMITS.codeRequestsPerHour);
  });
});

describe('one school email, one account (security issue item 7)', () => {
  /** A verified account that asked for a PIN for `schoolEmail`; returns it with the PIN. */
  async function withPin(schoolEmail: string) {
    const account = await verifiedUser(app, db);
    const send = await account.browser.post('/api/school-email/code', { email: schoolEmail });
    expect(send.statusCode).toBe(204);
    return { ...account, code: await latestCode(db, schoolEmail) };
  }
  const verifiedHolders = (schoolEmail: string) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.schoolEmail, schoolEmail), eq(users.schoolVerified, true)));
  const stateOf = async (userId: string) => ({
    user: await db.query.users.findFirst({ where: eq(users.id, userId) }),
    posts: await db.select().from(posts).where(eq(posts.userId, userId)),
    codes: await db.select().from(verificationCodes).where(eq(verificationCodes.userId, userId)),
  });

  it('refuses a PIN for a school email another account holds verified, ignoring case; nothing mailed or stored', async () => {
    const schoolEmail = ouEmail();
    const first = await withPin(schoolEmail);
    expect(
      (await first.browser.post('/api/school-email/verify', { email: schoolEmail, code: first.code })).statusCode,
    ).toBe(200);
    const mailsBefore = await mailCount(db, schoolEmail);

    const { browser, user } = await verifiedUser(app, db);
    const res = await browser.post('/api/school-email/code', { email: schoolEmail.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SCHOOL_EMAIL_TAKEN', message: ACCOUNT_SAFETY_MESSAGES.schoolEmailTaken });
    expect(await mailCount(db, schoolEmail)).toBe(mailsBefore);
    expect(await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id))).toEqual([]);
    expect(await verifiedHolders(schoolEmail)).toEqual([{ id: first.user.id }]);
  });

  it('refuses the right PIN when another account verified the address after it was sent; the guess is not counted', async () => {
    const schoolEmail = ouEmail();
    const first = await withPin(schoolEmail);
    const second = await withPin(schoolEmail);
    expect(
      (await first.browser.post('/api/school-email/verify', { email: schoolEmail, code: first.code })).statusCode,
    ).toBe(200);

    const late = await second.browser.post('/api/school-email/verify', { email: schoolEmail, code: second.code });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'SCHOOL_EMAIL_TAKEN',
      message: ACCOUNT_SAFETY_MESSAGES.schoolEmailTaken,
    });
    const after = await stateOf(second.user.id);
    expect(after.user).toMatchObject({ schoolVerified: false, schoolEmail: null, campusId: null });
    expect(after.posts).toEqual([]);
    const [guard] = await db.select().from(accountCodeGuards).where(eq(accountCodeGuards.email, second.email));
    expect(guard?.wrongGuesses ?? 0).toBe(0);
    expect(await verifiedHolders(schoolEmail)).toEqual([{ id: first.user.id }]);
  });

  it('two accounts verifying the same school email at once: exactly one wins, the other gets the message, no 5xx', async () => {
    for (let round = 0; round < 5; round++) {
      const schoolEmail = ouEmail();
      const a = await withPin(schoolEmail);
      const b = await withPin(schoolEmail);
      const answers = await Promise.all(
        [a, b].map((who) => who.browser.post('/api/school-email/verify', { email: schoolEmail, code: who.code })),
      );
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((r) => r.statusCode === 409);
      expect(loser?.json()).toMatchObject({
        code: 'SCHOOL_EMAIL_TAKEN',
        message: ACCOUNT_SAFETY_MESSAGES.schoolEmailTaken,
      });
      const winner = answers[0]?.statusCode === 200 ? a : b;
      const other = winner === a ? b : a;
      expect(await verifiedHolders(schoolEmail)).toEqual([{ id: winner.user.id }]);
      const lost = await stateOf(other.user.id);
      expect(lost.user?.schoolVerified).toBe(false);
      expect(lost.posts).toEqual([]);
    }
  });

  it("bans a banned account's school email: a new account can neither get a PIN for it nor use one sent before the ban", async () => {
    const schoolEmail = ouEmail();
    const banned = await withPin(schoolEmail);
    expect(
      (await banned.browser.post('/api/school-email/verify', { email: schoolEmail, code: banned.code })).statusCode,
    ).toBe(200);
    // An accomplice asked for a PIN to the same mailbox before the ban (it is still valid then).
    const early = await withPin(ouEmail());
    await db.update(verificationCodes).set({ email: schoolEmail }).where(eq(verificationCodes.userId, early.user.id));

    await banAccount(db, banned.email, 'test');
    expect(await db.select().from(bannedEmails).where(eq(bannedEmails.email, schoolEmail))).toHaveLength(1);

    const { browser, user } = await verifiedUser(app, db);
    const mailsBefore = await mailCount(db, schoolEmail);
    const send = await browser.post('/api/school-email/code', { email: schoolEmail });
    expect(send.statusCode).toBe(403);
    expect(send.json()).toMatchObject({ code: 'ACCOUNT_BANNED', message: AUTH_MESSAGES.banned });
    expect(await mailCount(db, schoolEmail)).toBe(mailsBefore);
    expect(await db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id))).toEqual([]);

    const verify = await early.browser.post('/api/school-email/verify', { email: schoolEmail, code: early.code });
    expect(verify.statusCode).toBe(403);
    expect(verify.json().code).toBe('ACCOUNT_BANNED');
    const after = await stateOf(early.user.id);
    expect(after.user?.schoolVerified).toBe(false);
    expect(after.posts).toEqual([]);
  });
});
