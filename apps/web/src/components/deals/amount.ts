import { DEAL_MESSAGES, MAX_PRICE_CENTS } from '@campus/contract';

/**
 * What someone typed as an amount of dollars ('45', '$1,200', '12.50') in cents, or the
 * contract's message for what is wrong with it; the server checks the same limits again.
 */
export function parseOfferAmount(text: string): { cents: number } | { error: string } {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (cleaned === '') return { error: DEAL_MESSAGES.amountRequired };
  if (!/^-?\d*(\.\d*)?$/.test(cleaned) || cleaned === '.' || cleaned === '-') {
    return { error: DEAL_MESSAGES.amountNotANumber };
  }
  const [, decimals = ''] = cleaned.split('.');
  if (decimals.length > 2) return { error: DEAL_MESSAGES.amountWholeCents };
  const cents = Math.round(Number(cleaned) * 100);
  if (!Number.isFinite(cents)) return { error: DEAL_MESSAGES.amountNotANumber };
  if (cents <= 0) return { error: DEAL_MESSAGES.amountTooLow };
  if (cents > MAX_PRICE_CENTS) return { error: DEAL_MESSAGES.amountTooHigh };
  return { cents };
}
