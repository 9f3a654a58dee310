/**
 * The local test checkout's card form (docs/decisions/018-boosting-and-payments.md: a page labelled test mode).
 * Typing is shaped as on real checkouts: digits in groups of four, MM / YY for the expiry.
 */

/** At most 19 digits (the longest card numbers), shown as groups of four. */
export function formatCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1', '12', '12 / 3', '12 / 34': month then year, the separator added after the month. */
export function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  if (digits.length <= 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** Three or four digits. */
export function formatCvc(input: string): string {
  return input.replace(/\D/g, '').slice(0, 4);
}
