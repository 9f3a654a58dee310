import { MAX_PRICE_CENTS } from '@campus/contract';

const MAX_PRICE_DOLLARS = MAX_PRICE_CENTS / 100;
const dollars = new Intl.NumberFormat('en-US');

/**
 * What the price box keeps of what was typed: whole dollars as plain digits (docs/product/community.md#feed:
 * prices are shown without decimals). '$1,200' → '1200', '12.50' → '12' (cents are dropped,
 * not shifted into dollars), '007' → '7', '' stays '' (no price). Capped at $1,000,000.
 */
export function normalizePriceInput(raw: string): string {
  const digits = (raw.split('.')[0] ?? '').replace(/\D/g, '');
  if (digits === '') return '';
  return String(Math.min(Number(digits), MAX_PRICE_DOLLARS));
}

/** The price box's digits as the server's cents; '' is no price, '0' is free. */
export function priceTextToCents(text: string): number | null {
  return text === '' ? null : Number(text) * 100;
}

/** '1200' → '1,200' for the box. */
export function formatPriceInput(text: string): string {
  return text === '' ? '' : dollars.format(Number(text));
}
