import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { UNSPECIFIED_MESSAGES } from '@campus/contract';
import { AppError } from '../../lib/errors.ts';

/**
 * Password hashing: scrypt on libuv's thread pool (never on the event loop), a few hashes at a
 * time, with the parameters and format better-auth uses
 * (node_modules/@better-auth/utils/dist/password.node.mjs and its pure-JS twin password.mjs):
 * `<salt>:<key>`, both hex, where the salt is the 32-character hex TEXT itself (not its bytes),
 * the password is NFKC-normalised, N=16384, r=16, p=1 and the key 64 bytes. Rows hashed by
 * better-auth's own code verify here unchanged, and the other way round (passwords.test.ts).
 */
const SCRYPT = { N: 16384, r: 16, p: 1, keyLength: 64 } as const;
// scrypt needs about 128·N·r bytes = 32 MiB here, exactly Node's default `maxmem`, which it
// must stay below: allow twice that, as better-auth does.
const MAXMEM = 2 * 128 * SCRYPT.N * SCRYPT.r;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

export interface HashingLimits {
  /** Hashes computed at once. Each keeps a CPU core busy for ~80 ms. */
  maxRunning: number;
  /** Hashes waiting for a turn; one more is refused at once (503) rather than piling up. */
  maxWaiting: number;
}

/**
 * One hash at a time per core beyond the first, at most libuv's 4 threads: the event loop and
 * PostgreSQL keep a core between them (on 2 cores, 1 hash at a time — about 12 a second). A
 * queue of 16 per running hash keeps the longest wait near 1.5 s; beyond it the answer is an
 * immediate 503 (measured with bench/sign-in-storm.ts: docs/security.md).
 */
export function defaultHashingLimits(cores = os.availableParallelism()): HashingLimits {
  const maxRunning = Math.max(1, Math.min(4, cores - 1));
  return { maxRunning, maxWaiting: 16 * maxRunning };
}

/** Answered when too many hashes are already waiting: nothing was checked, try again in a moment. */
export const hashingBusy = () => new AppError(503, 'UNAVAILABLE', UNSPECIFIED_MESSAGES.databaseUnavailable);

export function createPasswordHasher(limits: HashingLimits = defaultHashingLimits()) {
  const slots = boundedSlots(limits);

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    const key = await slots.run(() => deriveKey(password, salt));
    return `${salt}:${key.toString('hex')}`;
  }

  async function verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, keyHex] = hash.split(':');
    const expected = Buffer.from(keyHex ?? '', 'hex');
    // A malformed stored hash matches nothing (better-auth would throw: a 500 on sign-in).
    if (!salt || expected.length !== SCRYPT.keyLength) return false;
    const actual = await slots.run(() => deriveKey(password, salt));
    return timingSafeEqual(actual, expected);
  }

  return {
    hash,
    verify,
    /** True while a new hash would be refused: callers may refuse before doing other work. */
    isFull: () => slots.isFull(),
    /** Runs `task` in a hashing slot, under the same limits (tests hold the slots with it). */
    run: slots.run,
    stats: () => slots.stats(),
  };
}

function deriveKey(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { N, r, p, keyLength } = SCRYPT;
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: MAXMEM }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** At most `maxRunning` tasks at once, at most `maxWaiting` in line, first come first served. */
function boundedSlots({ maxRunning, maxWaiting }: HashingLimits) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next in line, so `running` stays as it is.
    if (next) next();
    else running--;
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < maxRunning) running++;
      else if (waiting.length >= maxWaiting) throw hashingBusy();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    isFull: () => running >= maxRunning && waiting.length >= maxWaiting,
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/** The process's one hasher: the thread pool and the cores are the process's. */
export const passwordHasher = createPasswordHasher();

/** better-auth endpoints that hash a password (below /api/auth). */
const HASHING_PATHS = new Set(['/sign-in/email', '/sign-up/email', '/reset-password']);

/**
 * Requests to those endpoints let into better-auth at once, and how many wait at the door. A
 * storm of parallel sign-ins all arrives before any reaches the hash queue: let in together,
 * each would take a database connection for its rate-limit, ban, lockout and user lookups at the
 * same moment and starve every other request. Here they wait their turn holding nothing, a few
 * at a time go in (enough to keep the hasher busy), and only a line longer than a few seconds of
 * hashing is refused (503, nothing checked: try again).
 */
export function createPasswordRequestGate(limits: HashingLimits = defaultHashingLimits()) {
  const slots = boundedSlots({ maxRunning: 2 * limits.maxRunning, maxWaiting: 4 * limits.maxWaiting });
  return {
    /** Runs `handle` for `path` (relative to /api/auth) in its turn, or throws hashingBusy() when the line is full. */
    run<T>(path: string, handle: () => Promise<T>): Promise<T> {
      return HASHING_PATHS.has(path) ? slots.run(handle) : handle();
    },
    stats: () => slots.stats(),
  };
}

export const passwordRequestGate = createPasswordRequestGate();
