import { scrypt as nobleScrypt } from '@noble/hashes/scrypt.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, createPasswordRequestGate, defaultHashingLimits } from './passwords.ts';

const hasher = createPasswordHasher({ maxRunning: 2, maxWaiting: 4 });

describe('password hashes (issue item 5)', () => {
  it("verifies hashes made by better-auth's own code, and better-auth verifies ours", async () => {
    const theirs = await hashPassword('Correct horse 1');
    expect(await hasher.verify({ hash: theirs, password: 'Correct horse 1' })).toBe(true);
    expect(await hasher.verify({ hash: theirs, password: 'Correct horse 2' })).toBe(false);

    const ours = await hasher.hash('Correct horse 1');
    expect(ours).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash: ours, password: 'Correct horse 1' })).toBe(true);
    expect(await verifyPassword({ hash: ours, password: 'correct horse 1' })).toBe(false);
  });

  it('verifies a hash made by the pure-JS scrypt better-auth falls back to (@noble/hashes), NFKC included', async () => {
    // better-auth's other implementation (@better-auth/utils/dist/password.mjs): the salt is the hex TEXT.
    const salt = 'a3f1c2d4e5b60718293a4b5c6d7e8f90';
    const key = nobleScrypt('Cafe\u0301 au lait'.normalize('NFKC'), salt, { N: 16384, r: 16, p: 1, dkLen: 64 });
    const stored = `${salt}:${bytesToHex(key)}`;
    // 'é' typed as one character or as 'e' + combining accent is the same password.
    expect(await hasher.verify({ hash: stored, password: 'Café au lait' })).toBe(true);
    expect(await hasher.verify({ hash: stored, password: 'Cafe au lait' })).toBe(false);
  });

  it('a malformed stored hash matches nothing instead of failing', async () => {
    for (const hash of ['', 'nocolon', 'abc:', ':abcd', 'zz:zz', `${'a'.repeat(32)}:${'b'.repeat(126)}`]) {
      expect(await hasher.verify({ hash, password: 'secret123' })).toBe(false);
    }
  });

  it('hashes on the thread pool: the event loop stays idle while 6 hashes run', async () => {
    const before = performance.eventLoopUtilization();
    await Promise.all(Array.from({ length: 6 }, () => hasher.hash('secret123')));
    const used = performance.eventLoopUtilization(before);
    // Synchronous scrypt (about 80 ms of JavaScript per hash) would keep the loop busy ~100 %.
    expect(used.utilization).toBeLessThan(0.3);
  });
});

describe('hashes in flight are bounded (issue item 5)', () => {
  it('runs at most maxRunning at once and refuses beyond maxWaiting at once, with 503', async () => {
    const small = createPasswordHasher({ maxRunning: 2, maxWaiting: 3 });
    const releases: (() => void)[] = [];
    let peak = 0;
    let active = 0;
    const held = Array.from({ length: 5 }, () =>
      small.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
      }),
    );
    await Promise.resolve();
    expect(small.stats()).toEqual({ running: 2, waiting: 3 });
    expect(small.isFull()).toBe(true);

    // The sixth is refused before any of the five has finished.
    const refused = await small.hash('secret123').catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });

    // Releasing hands each slot to the next in line; never more than two at once.
    while (releases.length > 0 || small.stats().running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(held);
    expect(peak).toBe(2);
    expect(small.stats()).toEqual({ running: 0, waiting: 0 });
    expect(await small.verify({ hash: await small.hash('x-secret'), password: 'x-secret' })).toBe(true);
  });

  it('lets a few password requests into better-auth at a time, lines up the rest, and refuses past the line', async () => {
    // 2 inside (twice the running hashes), 8 in line (four times the hash queue).
    const gate = createPasswordRequestGate({ maxRunning: 1, maxWaiting: 2 });
    let open = () => {};
    const held = new Promise<void>((resolve) => {
      open = resolve;
    });
    const entered: string[] = [];
    const requests = Array.from({ length: 10 }, (_, i) =>
      gate.run(i % 2 ? '/sign-in/email' : '/sign-up/email', async () => {
        entered.push(`#${i}`);
        await held;
      }),
    );
    expect(gate.stats()).toEqual({ running: 2, waiting: 8 });
    expect(entered).toEqual(['#0', '#1']);
    const refused = await gate.run('/reset-password', async () => 'handled').catch((error: unknown) => error);
    expect(refused).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    // Endpoints that hash nothing pass whatever the load.
    expect(await gate.run('/get-session', async () => 'handled')).toBe('handled');
    open();
    await Promise.all(requests);
    // First come, first served: everyone in line got in, in order.
    expect(entered).toEqual(Array.from({ length: 10 }, (_, i) => `#${i}`));
    expect(await gate.run('/sign-in/email', async () => 'handled')).toBe('handled');
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps a core for the event loop and PostgreSQL', () => {
    expect(defaultHashingLimits(1).maxRunning).toBe(1);
    expect(defaultHashingLimits(2).maxRunning).toBe(1);
    expect(defaultHashingLimits(4).maxRunning).toBe(3);
    expect(defaultHashingLimits(64).maxRunning).toBe(4); // libuv's thread pool has 4 threads
  });
});
