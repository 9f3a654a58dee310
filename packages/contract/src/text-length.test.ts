import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, countPlainText, countPostText, isPostTextTooLong } from './text-length.ts';

describe('countPostText', () => {
  it('adds 2 for each break between blocks', () => {
    expect(countPostText(['abc', 'de'])).toBe(3 + 2 + 2);
    expect(countPostText(['', '', ''])).toBe(4);
    expect(countPostText(['only'])).toBe(4);
    expect(countPostText([])).toBe(0);
  });

  it('counts an emoji as one character', () => {
    expect(countPostText(['😀😀'])).toBe(2);
    expect(codePointLength('é😀')).toBe(2);
  });
});

describe('isPostTextTooLong', () => {
  it('accepts exactly 500 counting block breaks', () => {
    const blocks = ['a'.repeat(248), 'b'.repeat(250)];
    expect(countPostText(blocks)).toBe(500);
    expect(isPostTextTooLong(blocks)).toBe(false);
    expect(isPostTextTooLong(blocks.join('\n'))).toBe(false);
  });

  it('rejects 501 once the block break is counted', () => {
    // 499 typed characters, but the break between the two blocks makes it 501.
    const blocks = ['a'.repeat(249), 'b'.repeat(250)];
    expect(countPostText(blocks)).toBe(501);
    expect(isPostTextTooLong(blocks)).toBe(true);
    expect(isPostTextTooLong(blocks.join('\n'))).toBe(true);
  });

  it('counts emoji as one each at the limit', () => {
    expect(isPostTextTooLong('😀'.repeat(500))).toBe(false);
    expect(isPostTextTooLong('😀'.repeat(501))).toBe(true);
  });
});

describe('countPlainText', () => {
  it('counts each line break as 2', () => {
    expect(countPlainText('a\nb')).toBe(4);
    expect(countPlainText('\n\n')).toBe(4);
    expect(countPlainText('')).toBe(0);
  });

  it('gives the block count of the same text split at its line breaks', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme' })), (blocks) => {
        expect(countPlainText(blocks.join('\n'))).toBe(countPostText(blocks));
      }),
    );
  });

  it('matches the block formula for blocks without line breaks', () => {
    const block = fc.string({ unit: 'binary' }).map((s) => s.replaceAll('\n', ''));
    fc.assert(
      fc.property(fc.array(block, { minLength: 1 }), (blocks) => {
        const formula = blocks.reduce((sum, b) => sum + [...b].length, 0) + 2 * (blocks.length - 1);
        expect(countPostText(blocks)).toBe(formula);
      }),
    );
  });
});
