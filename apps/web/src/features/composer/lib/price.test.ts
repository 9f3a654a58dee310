import { describe, expect, it } from 'vitest';
import { formatPriceInput, normalizePriceInput, priceTextToCents } from './price.ts';

describe('price input', () => {
  it('keeps whole dollars as digits', () => {
    expect(normalizePriceInput('25')).toBe('25');
    expect(normalizePriceInput('$1,200')).toBe('1200');
    expect(normalizePriceInput('007')).toBe('7');
    expect(normalizePriceInput('abc')).toBe('');
    expect(normalizePriceInput('')).toBe('');
  });

  it('drops cents instead of shifting them into dollars', () => {
    expect(normalizePriceInput('12.50')).toBe('12');
    expect(normalizePriceInput('.99')).toBe('');
  });

  it('allows 0 (free) and caps at $1,000,000', () => {
    expect(normalizePriceInput('0')).toBe('0');
    expect(normalizePriceInput('00')).toBe('0');
    expect(normalizePriceInput('99999999')).toBe('1000000');
  });

  it('stores cents: no price is null, free is 0', () => {
    expect(priceTextToCents('')).toBeNull();
    expect(priceTextToCents('0')).toBe(0);
    expect(priceTextToCents('45')).toBe(4500);
  });

  it('shows thousands separators and no decimals', () => {
    expect(formatPriceInput('1200')).toBe('1,200');
    expect(formatPriceInput('0')).toBe('0');
    expect(formatPriceInput('')).toBe('');
  });
});
