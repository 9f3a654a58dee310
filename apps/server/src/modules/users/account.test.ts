import { ACCOUNT_SAFETY_MESSAGES, AUTH_MESSAGES, UNSPECIFIED_MESSAGES, VALIDATION_MESSAGES } from '@campus/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { latestCode, mailCount, TestBrowser, uniqueEmail, verifiedUser, wrongCode } from '../../../test/auth.ts';
import { createPostAs, member } from '../../../test/posts.ts';
import { roles, signInOn } from '../../../test/profiles.ts';
import { users, verificationCodes } from '../../db/schema/index.ts';

const { app, db } = await createTestApp();

const userRow = async (id: string) => {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw new Error('user missing');
  return row;
};

const put = (browser: TestBrowser, url: string, body: unknown) => browser.request('PUT', url, body);
const refusal = (message: string, code = 'VALIDATION_FAILED', statusCode = 400) => ({ statusCode, code, message });

/** One valid body per form, for the role checks. */
const FORMS: Array<[method: 'PUT' | 'POST', url: string, body: unknown]> = [
  ['PUT', '/api/me/name', { firstName: 'New', lastName: 'Name' }],
  ['PUT', '/api/me/username', { username: 'fresh_name' }],
  ['PUT', '/api/me/phone', { phone: '+14055550123' }],
  ['PUT', '/api/me/gender', { gender: 'other' }],
  ['PUT', '/api/me/birth-date', { month: 1, day: 2, year: 2000 }],
  ['PUT', '/api/me/password', { currentPassword: 'secret123', newPassword: 'another1', repeatPassword: 'another1' }],
  ['POST', '/api/me/email/code', { email: 'brand.new@example.com' }],
  ['POST', '/api/me/email/verify', { email: 'brand.new@example.com', code: '1234' }],
];

describe('who may change an account', () => {
  it('a visitor gets 401 and an unverified account 403 on every form, with nothing stored', async () => {
    const r = await roles(app, db);
    const unverifiedRow = await db.query.users.findFirst({ where: sql`${users.name} = 'Una Verified'` });
    for (const [method, url, body] of FORMS) {
      expect((await r.anonymous.request(method, url, body)).json().code).toBe('UNAUTHENTICATED');
      expect((await r.unverified.request(method, url, body)).json().code).toBe('EMAIL_NOT_VERIFIED');
    }
    expect((await r.anonymous.get('/api/me/account')).json().code).toBe('UNAUTHENTICATED');
    expect((await r.unverified.get('/api/me/account')).json().code).toBe('EMAIL_NOT_VERIFIED');
    const after = await db.query.users.findFirst({ where: eq(users.id, unverifiedRow?.id ?? '') });
    expect(after).toEqual(unverifiedRow);
    expect(await mailCount(db, 'brand.new@example.com')).toBe(0);
  });

  it('every form acts on the signed-in user only: a body naming someone else changes nothing of theirs', async () => {
    const r = await roles(app, db);
    const before = await userRow(r.otherUser.id);
    const res = await put(r.owner, '/api/me/phone', {
      phone: '4055550199',
      userId: r.otherUser.id,
      id: r.otherUser.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow(r.ownerUser.id)).phone).toBe('4055550199');
    expect(await userRow(r.otherUser.id)).toEqual(before);
    const name = await put(r.owner, '/api/me/name', { firstName: 'Only', lastName: 'Mine', userId: r.otherUser.id });
    expect(name.json()).toMatchObject({ id: r.ownerUser.id, firstName: 'Only' });
    expect(await userRow(r.otherUser.id)).toEqual(before);
  });

  it('a verified account without a campus and a member visiting another campus edit their own account', async () => {
    const r = await roles(app, db);
    expect((await put(r.noCampus, '/api/me/gender', { gender: 'male' })).json()).toMatchObject({ gender: 'male' });
    expect((await put(r.otherCampus, '/api/me/gender', { gender: 'female' })).json()).toMatchObject({
      gender: 'female',
    });
    expect((await userRow(r.otherCampusUser.id)).gender).toBe('female');
  });
});

describe('Settings > Account rows', () => {
  it('lists the viewer’s own rows, empty ones as null', async () => {
    const { browser, user, email } = await verifiedUser(app, db);
    const rows = (await browser.get('/api/me/account')).json();
    expect(rows).toEqual({
      username: user.username,
      email,
      phone: null,
      schoolEmail: null,
      schoolVerified: false,
      createdAt: user.createdAt.toISOString(),
      gender: null,
      birthDate: null,
      hasPassword: true,
    });
  });
});

describe('username', () => {
  it('answers every message of docs/product/profiles.md#username-rules and refuses a taken name ignoring case', async () => {
    const r = await roles(app, db);
    const otherName = (await userRow(r.otherUser.id)).username;
    const cases: Array<[unknown, ReturnType<typeof refusal>]> = [
      ['', refusal(VALIDATION_MESSAGES.usernameRequired)],
      ['   ', refusal(VALIDATION_MESSAGES.usernameRequired)],
      ['abc', refusal(VALIDATION_MESSAGES.usernameTooShort)],
      ['has space', refusal(VALIDATION_MESSAGES.usernameCharacters)],
      ['emoji😀name', refusal(VALIDATION_MESSAGES.usernameCharacters)],
      ['a'.repeat(51), refusal(UNSPECIFIED_MESSAGES.usernameTooLong)],
      [otherName.toUpperCase(), refusal(VALIDATION_MESSAGES.usernameTaken, 'USERNAME_TAKEN', 409)],
      [123, refusal(VALIDATION_MESSAGES.usernameRequired)],
      [undefined, refusal(VALIDATION_MESSAGES.usernameRequired)],
    ];
    const before = (await userRow(r.ownerUser.id)).username;
    for (const [username, expected] of cases) {
      expect((await put(r.owner, '/api/me/username', { username })).json()).toEqual(expected);
    }
    expect((await userRow(r.ownerUser.id)).username).toBe(before);
  });

  it('stores a new name lower-cased; exactly 4 passes; the profile moves to it', async () => {
    const r = await roles(app, db);
    const old = (await userRow(r.ownerUser.id)).username;
    const res = await put(r.owner, '/api/me/username', { username: 'Olive_The-Seller' });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('olive_the-seller');
    expect((await r.other.get('/api/profiles/olive_the-seller')).json().id).toBe(r.ownerUser.id);
    expect((await r.other.get(`/api/profiles/${old}`)).statusCode).toBe(404);
    // Keeping one's own name (any case) is not 'taken'.
    expect((await put(r.owner, '/api/me/username', { username: 'OLIVE_THE-SELLER' })).statusCode).toBe(200);
    expect((await put(r.owner, '/api/me/username', { username: 'oliv' })).json().username).toBe('oliv');
    // Now free again for someone else.
    expect((await put(r.other, '/api/me/username', { username: 'Olive_the-seller' })).statusCode).toBe(200);
  });
});

describe('display name', () => {
  it('first and last at most 20 each; a new name shows at once on existing posts', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Nina Name');
    const post = (await createPostAs(browser, { plainText: 'my old post' })).json();
    const cases: Array<[unknown, ReturnType<typeof refusal>]> = [
      [{ firstName: '', lastName: 'X' }, refusal(VALIDATION_MESSAGES.nameRequired)],
      [{ firstName: 'Al', lastName: '  ' }, refusal(VALIDATION_MESSAGES.nameRequired)],
      [{ firstName: 'a'.repeat(21), lastName: 'Xu' }, refusal('First name must be at most 20 characters.')],
      [{ firstName: 'Al', lastName: 'b'.repeat(21) }, refusal('Last name must be at most 20 characters.')],
      [{ firstName: 'A\u0007B', lastName: 'Xu' }, refusal(VALIDATION_MESSAGES.nameCharactersInvalid)],
      // NUL is refused at the edge, before any route (plugins/security.ts).
      [{ firstName: 'A\u0000B', lastName: 'X' }, refusal('The request could not be read.', 'INVALID_BODY')],
      [{ firstName: 7, lastName: 'X' }, refusal(VALIDATION_MESSAGES.nameRequired)],
    ];
    for (const [body, expected] of cases) expect((await put(browser, '/api/me/name', body)).json()).toEqual(expected);
    expect((await userRow(user.id)).firstName).toBe('Nina');

    const ok = await put(browser, '/api/me/name', { firstName: ' Ñandú ', lastName: 'a'.repeat(20) });
    expect(ok.json()).toMatchObject({ firstName: 'Ñandú', lastName: 'a'.repeat(20) });
    expect((await userRow(user.id)).name).toBe(`Ñandú ${'a'.repeat(20)}`);
    const page = (await browser.get(`/api/posts/${post.id}`)).json();
    expect(JSON.stringify(page)).toContain('Ñandú');
  });

  it('one name rule: what sign-up refuses, the name form refuses with the same message; nothing stored', async () => {
    const { browser, user } = await member(app, db, 'ou', 'Nina Name');
    const before = await userRow(user.id);
    const hostile: Array<[name: string, message: string]> = [
      ['<img src=x>', VALIDATION_MESSAGES.nameCharactersInvalid],
      ['R2D2', VALIDATION_MESSAGES.nameCharactersInvalid],
      ['12345', VALIDATION_MESSAGES.nameCharactersInvalid],
      ['\u200b\u200b\u200b', VALIDATION_MESSAGES.nameCharactersInvalid],
      ['\u3164\u3164', VALIDATION_MESSAGES.nameCharactersInvalid],
      ['\u202eevil', VALIDATION_MESSAGES.nameCharactersInvalid],
      ["''", VALIDATION_MESSAGES.nameCharactersInvalid],
      ['J', VALIDATION_MESSAGES.nameInvalid],
    ];
    for (const [name, message] of hostile) {
      for (const body of [
        { firstName: name, lastName: 'Lee' },
        { firstName: 'Lee', lastName: name },
      ]) {
        const res = await put(browser, '/api/me/name', body);
        expect([name, res.statusCode, res.json()]).toEqual([name, 400, refusal(message)]);
      }
      const signUp = await new TestBrowser(app).post('/api/auth/sign-up/email', {
        name: `${name} Lee`,
        email: uniqueEmail('names'),
        password: 'secret123',
      });
      expect([name, signUp.statusCode, signUp.json().message]).toEqual([name, 400, message]);
    }
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe('phone, gender, birth date', () => {
  it('phone: required, pattern, stored without the spaces people type', async () => {
    const { browser, user } = await verifiedUser(app, db);
    expect((await put(browser, '/api/me/phone', { phone: '' })).json()).toEqual(
      refusal(VALIDATION_MESSAGES.phoneRequired),
    );
    expect((await put(browser, '/api/me/phone', { phone: 'call me' })).json()).toEqual(
      refusal(VALIDATION_MESSAGES.phoneInvalid),
    );
    expect((await put(browser, '/api/me/phone', { phone: '12345' })).json()).toEqual(
      refusal(VALIDATION_MESSAGES.phoneInvalid),
    );
    expect((await put(browser, '/api/me/phone', { phone: '1'.repeat(21) })).json()).toEqual(
      refusal(UNSPECIFIED_MESSAGES.phoneTooLong),
    );
    expect((await put(browser, '/api/me/phone', { phone: '405\u00005550123' })).statusCode).toBe(400);
    expect((await userRow(user.id)).phone).toBeNull();
    expect((await put(browser, '/api/me/phone', { phone: '(405) 555-0123' })).json().phone).toBe('4055550123');
  });

  it('gender: one of male, female, other, else "Must select a gender"', async () => {
    const { browser, user } = await verifiedUser(app, db);
    for (const body of [{}, { gender: '' }, { gender: 'robot' }, { gender: ['male'] }]) {
      expect((await put(browser, '/api/me/gender', body)).json()).toEqual(refusal(VALIDATION_MESSAGES.genderRequired));
    }
    expect((await userRow(user.id)).gender).toBeNull();
    expect((await put(browser, '/api/me/gender', { gender: 'female' })).json().gender).toBe('female');
  });

  it('birth date: all three fields, years 1970–2021, days 1–31, a day the month has', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const incomplete = refusal(VALIDATION_MESSAGES.birthDateIncomplete);
    for (const body of [
      {},
      { month: 1, day: 1 },
      { month: '', day: '1', year: '2000' },
      { month: 1, day: 1, year: 1969 },
      { month: 1, day: 1, year: 2022 },
      { month: 1, day: 32, year: 2000 },
      { month: 1, day: 0, year: 2000 },
      { month: 13, day: 1, year: 2000 },
      { month: 1.5, day: 1, year: 2000 },
      { month: 'one', day: 1, year: 2000 },
      { month: { $gt: 0 }, day: 1, year: 2000 },
    ]) {
      expect((await put(browser, '/api/me/birth-date', body)).json()).toEqual(incomplete);
    }
    expect((await userRow(user.id)).birthDate).toBeNull();
    // A day the month does not have in that year (docs/decisions/030-feed-ads-and-rough-edges.md): refused, nothing stored.
    const notReal = refusal(VALIDATION_MESSAGES.birthDateNotReal);
    for (const body of [
      { month: '2', day: '31', year: '2001' },
      { month: 2, day: 29, year: 2021 },
      { month: 2, day: 30, year: 2020 },
      { month: 4, day: 31, year: 2010 },
      { month: 11, day: 31, year: 1999 },
    ]) {
      const res = await put(browser, '/api/me/birth-date', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(notReal);
    }
    expect((await userRow(user.id)).birthDate).toBeNull();
    const ok = await put(browser, '/api/me/birth-date', { month: '2', day: '29', year: '2020' });
    expect(ok.json().birthDate).toEqual({ month: 2, day: 29, year: 2020 });
    expect((await put(browser, '/api/me/birth-date', { month: 12, day: 31, year: 1970 })).statusCode).toBe(200);
  });
});

describe('password', () => {
  it('answers the spec’s messages in order and "Invalid password." for a wrong current one', async () => {
    const { browser } = await verifiedUser(app, db);
    const cases: Array<[unknown, string]> = [
      [{}, VALIDATION_MESSAGES.currentPasswordRequired],
      [{ currentPassword: '', newPassword: 'x', repeatPassword: 'x' }, VALIDATION_MESSAGES.currentPasswordRequired],
      [{ currentPassword: 'secret123' }, VALIDATION_MESSAGES.newPasswordRequired],
      [{ currentPassword: 'secret123', newPassword: 'another1' }, VALIDATION_MESSAGES.repeatPasswordRequired],
      [
        { currentPassword: 'secret123', newPassword: 'another1', repeatPassword: 'another2' },
        VALIDATION_MESSAGES.passwordsDoNotMatch,
      ],
      [
        { currentPassword: 'secret123', newPassword: 'abc', repeatPassword: 'abc' },
        VALIDATION_MESSAGES.newPasswordTooShort,
      ],
      [
        { currentPassword: 'secret123', newPassword: 'a'.repeat(31), repeatPassword: 'a'.repeat(31) },
        UNSPECIFIED_MESSAGES.passwordTooLong,
      ],
    ];
    for (const [body, message] of cases) {
      expect((await put(browser, '/api/me/password', body)).json()).toEqual(refusal(message));
    }
    expect(
      (
        await put(browser, '/api/me/password', {
          currentPassword: 'wrong-one',
          newPassword: 'another1',
          repeatPassword: 'another1',
        })
      ).json(),
    ).toEqual(refusal('Invalid password.', 'INVALID_PASSWORD'));
  });

  it('a new password works at once; the old one and every other session stop', async () => {
    const { browser, email } = await verifiedUser(app, db);
    const laptop = await signInOn(app, email, 'ou.localhost:3000');
    expect((await laptop.get('/api/me')).json().viewer.email).toBe(email);

    const res = await put(browser, '/api/me/password', {
      currentPassword: 'secret123',
      newPassword: 'n3w-pass',
      repeatPassword: 'n3w-pass',
    });
    expect(res.statusCode).toBe(204);
    expect((await browser.get('/api/me')).json().viewer.email).toBe(email);
    expect((await laptop.get('/api/me')).json().viewer).toBeNull();

    const fresh = new TestBrowser(app);
    expect((await fresh.post('/api/auth/sign-in/email', { email, password: 'secret123' })).statusCode).toBe(401);
    expect((await fresh.post('/api/auth/sign-in/email', { email, password: 'n3w-pass' })).statusCode).toBe(200);
  });

  it('wrong current passwords count toward the sign-in lockout: the 6th try is refused even when right', async () => {
    const { browser } = await verifiedUser(app, db);
    const attempt = (currentPassword: string) =>
      put(browser, '/api/me/password', { currentPassword, newPassword: 'another1', repeatPassword: 'another1' });
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).json().code).toBe('INVALID_PASSWORD');
    expect((await attempt('secret123')).json()).toEqual(refusal(AUTH_MESSAGES.tooManyAttempts, 'ACCOUNT_LOCKED', 429));
  });
});

describe('email change', () => {
  it('checks the new address: required, different, pattern, not taken (ignoring case)', async () => {
    const r = await roles(app, db);
    const mine = (await userRow(r.ownerUser.id)).email;
    const theirs = (await userRow(r.otherUser.id)).email;
    const cases: Array<[unknown, ReturnType<typeof refusal>]> = [
      [{ email: '' }, refusal(VALIDATION_MESSAGES.emailRequired)],
      [{}, refusal(VALIDATION_MESSAGES.emailRequired)],
      [{ email: mine.toUpperCase() }, refusal(VALIDATION_MESSAGES.newEmailRequired)],
      [{ email: 'not-an-email' }, refusal(VALIDATION_MESSAGES.emailInvalid)],
      [{ email: theirs.toUpperCase() }, refusal(VALIDATION_MESSAGES.emailTaken, 'EMAIL_TAKEN', 409)],
      [{ email: `${'a'.repeat(250)}@x.com` }, refusal(UNSPECIFIED_MESSAGES.emailTooLong)],
    ];
    for (const [body, expected] of cases) {
      expect((await r.owner.post('/api/me/email/code', body)).json()).toEqual(expected);
    }
    const codes = await db.select().from(verificationCodes).where(eq(verificationCodes.userId, r.ownerUser.id));
    expect(codes).toEqual([]);
  });

  it('the code goes to the new address; the sign-in email changes only after the right code', async () => {
    const { browser, user, email } = await verifiedUser(app, db);
    const laptop = await signInOn(app, email, 'ou.localhost:3000');
    const next = uniqueEmail('moved');
    expect((await browser.post('/api/me/email/code', { email: next.toUpperCase() })).statusCode).toBe(204);
    const code = await latestCode(db, next);
    const [stored] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, user.id), eq(verificationCodes.action, 'change email')));
    expect(stored?.codeHash).not.toContain(code);
    expect(stored?.expiresAt.getTime()).toBe((stored?.createdAt.getTime() ?? 0) + 2 * 60 * 60 * 1000);

    expect((await browser.post('/api/me/email/verify', { email: next, code: '' })).json()).toEqual(
      refusal(VALIDATION_MESSAGES.verificationCodeRequired),
    );
    const wrong = await browser.post('/api/me/email/verify', { email: next, code: wrongCode(code) });
    expect(wrong.json()).toEqual(refusal(VALIDATION_MESSAGES.verificationCodeIncorrect, 'INCORRECT_CODE'));
    // The code belongs to the address it was sent to.
    expect((await browser.post('/api/me/email/verify', { email: uniqueEmail('other'), code })).statusCode).toBe(400);
    expect((await userRow(user.id)).email).toBe(email);

    const ok = await browser.post('/api/me/email/verify', { email: next, code });
    expect(ok.json()).toEqual({ email: next });
    expect((await userRow(user.id)).email).toBe(next);
    // This session keeps working; the others are signed out.
    expect((await browser.get('/api/me')).json().viewer.email).toBe(next);
    expect((await laptop.get('/api/me')).json().viewer).toBeNull();
    // The code is spent.
    expect((await browser.post('/api/me/email/verify', { email: next, code })).statusCode).toBe(400);

    const fresh = new TestBrowser(app);
    expect((await fresh.post('/api/auth/sign-in/email', { email, password: 'secret123' })).statusCode).toBe(401);
    expect((await fresh.post('/api/auth/sign-in/email', { email: next, password: 'secret123' })).statusCode).toBe(200);
  });

  it('an expired code, a code after 5 wrong tries, and an address taken meanwhile are refused', async () => {
    const { browser, user } = await verifiedUser(app, db);
    const next = uniqueEmail('late');
    await browser.post('/api/me/email/code', { email: next });
    const code = await latestCode(db, next);
    await db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    expect((await browser.post('/api/me/email/verify', { email: next, code })).json().code).toBe('INCORRECT_CODE');

    const again = uniqueEmail('again');
    await browser.post('/api/me/email/code', { email: again });
    const second = await latestCode(db, again);
    for (let i = 0; i < 5; i++) {
      await browser.post('/api/me/email/verify', { email: again, code: wrongCode(second) });
    }
    expect((await browser.post('/api/me/email/verify', { email: again, code: second })).json().code).toBe(
      'INCORRECT_CODE',
    );

    const third = uniqueEmail('raced');
    await browser.post('/api/me/email/code', { email: third });
    const thirdCode = await latestCode(db, third);
    await verifiedUser(app, db, { email: third });
    expect((await browser.post('/api/me/email/verify', { email: third, code: thirdCode })).json()).toEqual(
      refusal(VALIDATION_MESSAGES.emailTaken, 'EMAIL_TAKEN', 409),
    );
    expect((await userRow(user.id)).email).not.toBe(third);
  });

  it('codes count in the account’s budget: sends per hour and wrong guesses per day', async () => {
    const { browser } = await verifiedUser(app, db);
    const target = uniqueEmail('budget');
    // The account already used one send for its sign-up verification code.
    const sends: number[] = [];
    for (let i = 0; i < 6; i++) sends.push((await browser.post('/api/me/email/code', { email: target })).statusCode);
    expect(sends.filter((s) => s === 204).length).toBe(5);
    expect((await browser.post('/api/me/email/code', { email: target })).json()).toEqual(
      refusal(ACCOUNT_SAFETY_MESSAGES.codeRequestsExceeded, 'CODE_REQUESTS_EXCEEDED', 429),
    );

    const other = await verifiedUser(app, db);
    const dest = uniqueEmail('guess');
    await other.browser.post('/api/me/email/code', { email: dest });
    const code = await latestCode(db, dest);
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push(
        (await other.browser.post('/api/me/email/verify', { email: dest, code: wrongCode(code) })).json().code,
      );
    }
    expect(answers.at(-1)).toBe('CODE_GUESSES_EXCEEDED');
    expect(answers.filter((c) => c === 'INCORRECT_CODE').length).toBe(10);
    // Not even the right code, nor a new one, for the rest of the day.
    expect((await other.browser.post('/api/me/email/verify', { email: dest, code })).json().code).toBe(
      'CODE_GUESSES_EXCEEDED',
    );
    expect((await other.browser.post('/api/me/email/code', { email: uniqueEmail('x') })).json().code).toBe(
      'CODE_GUESSES_EXCEEDED',
    );
  });
});
