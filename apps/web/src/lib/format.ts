const integer = new Intl.NumberFormat('en-US');

/** '1,234' */
export function formatCount(value: number): string {
  return integer.format(value);
}
