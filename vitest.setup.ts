import { afterEach } from 'vitest';

/**
 * Every unit and server test fails when something calls `console.error` (as the e2e suite does
 * for the browser's console): an error printed and ignored is a defect that passes silently.
 * A test that provokes one on purpose replaces `console.error` itself for its duration.
 */
const printed: string[] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  printed.push(args.map((a) => (a instanceof Error ? (a.stack ?? a.message) : String(a))).join(' '));
  original(...args);
};

afterEach(() => {
  if (printed.length === 0) return;
  const lines = printed.splice(0);
  throw new Error(`console.error was called during this test:\n${lines.join('\n')}`);
});
