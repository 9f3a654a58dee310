import { describe, expect, it } from 'vitest';
import { fitWithin } from './media-fit.ts';

describe('fitWithin (500 × 400)', () => {
  it('keeps small media at their own size', () => {
    expect(fitWithin(320, 240, 500, 400)).toEqual({ width: 320, height: 240 });
  });

  it('scales wide media to the width and tall media to the height, keeping proportions', () => {
    expect(fitWithin(1600, 1200, 500, 400)).toEqual({ width: 500, height: 375 });
    expect(fitWithin(1080, 1920, 500, 400)).toEqual({ width: 225, height: 400 });
  });

  it('falls back to 4:3 at full width when the size is unknown', () => {
    expect(fitWithin(null, null, 500, 400)).toEqual({ width: 500, height: 375 });
    expect(fitWithin(0, 100, 500, 400)).toEqual({ width: 500, height: 375 });
  });
});
