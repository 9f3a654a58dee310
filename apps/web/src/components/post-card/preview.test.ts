import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutPreview } from './preview.ts';

describe('cutPreview', () => {
  it('leaves text of up to 200 characters whole', () => {
    const text = 'a'.repeat(200);
    expect(cutPreview(text)).toEqual({ text, truncated: false });
  });

  it('cuts longer text at 200 characters and ends it with an ellipsis', () => {
    const result = cutPreview('b'.repeat(201));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'b'.repeat(200)}…`);
  });

  it('drops the space before the ellipsis', () => {
    expect(cutPreview(`${'c'.repeat(199)} and more`).text).toBe(`${'c'.repeat(199)}…`);
  });

  it('never splits an emoji', () => {
    const result = cutPreview('😀'.repeat(250));
    expect(result.text).toBe(`${'😀'.repeat(200)}…`);
  });

  it('keeps at most the first 200 characters, as a prefix of the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 400 }), (text) => {
        const { text: cut, truncated } = cutPreview(text);
        expect(truncated).toBe(Array.from(text).length > 200);
        const kept = truncated ? cut.slice(0, -1) : cut;
        expect(Array.from(kept).length).toBeLessThanOrEqual(200);
        expect(text.startsWith(kept)).toBe(true);
      }),
    );
  });
});
