import { describe, expect, it } from 'vitest';
import { createThrottle } from './throttle.ts';

describe('createThrottle', () => {
  it('runs at once, then at most once per interval', () => {
    let now = 1_000;
    let runs = 0;
    const throttle = createThrottle(3000, () => now);
    const run = () => throttle(() => runs++);

    expect(run()).toBe(true);
    now += 100;
    expect(run()).toBe(false);
    now += 2_899;
    expect(run()).toBe(false);
    expect(runs).toBe(1);
    now += 1;
    expect(run()).toBe(true);
    expect(runs).toBe(2);
  });
});
