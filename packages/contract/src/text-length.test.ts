import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, countPlainText, countPostText, isBlankText, jsonValueProblem } from './text-length.ts';

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

describe('the 500 limit', () => {
  it('is reached exactly, counting block breaks, whether blocks or plain text', () => {
    const blocks = ['a'.repeat(248), 'b'.repeat(250)];
    expect(countPostText(blocks)).toBe(500);
    expect(countPlainText(blocks.join('\n'))).toBe(500);
  });

  it('is passed at 501 once the block break is counted', () => {
    // 499 typed characters, but the break between the two blocks makes it 501.
    const blocks = ['a'.repeat(249), 'b'.repeat(250)];
    expect(countPostText(blocks)).toBe(501);
    expect(countPlainText(blocks.join('\n'))).toBe(501);
  });

  it('counts emoji as one each', () => {
    expect(countPlainText('😀'.repeat(500))).toBe(500);
    expect(countPlainText('😀'.repeat(501))).toBe(501);
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

describe('hostile post text (docs/security.md#hostile-input)', () => {
  it('a text of only zero-width or blank characters is blank; one visible character is not', () => {
    expect(isBlankText('\u200b\u200c\u200d\u2060\ufeff')).toBe(true);
    expect(isBlankText(' \u3164\n\u2800\u115f ')).toBe(true);
    expect(isBlankText('\u200ba\u200b')).toBe(false);
  });

  it('editor JSON is checked for depth without recursion, for NUL, then for size', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 50_000; i++) deep = { a: deep };
    const limits = { maxDepth: 32, maxChars: 100 };
    expect(jsonValueProblem(deep, limits)).toBe('too-deep');
    expect(jsonValueProblem({ root: { children: ['x\u0000'] } }, limits)).toBe('nul');
    expect(jsonValueProblem({ 'k\u0000': 1 }, limits)).toBe('nul');
    expect(jsonValueProblem({ t: 'x'.repeat(200) }, limits)).toBe('too-large');
    expect(jsonValueProblem({ root: { children: [{ text: 'Desk lamp' }] } }, limits)).toBeNull();
    expect(jsonValueProblem(undefined, limits)).toBeNull();
  });
});
