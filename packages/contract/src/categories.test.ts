import { describe, expect, it } from 'vitest';
import { ALL_CATEGORY, CATEGORIES, CATEGORY_FILTERS, CATEGORY_VALUES, categoryByValue } from './categories.ts';

describe('categories', () => {
  it('has 30 categories plus all, first in the filter list', () => {
    expect(CATEGORIES).toHaveLength(30);
    expect(CATEGORY_FILTERS).toHaveLength(31);
    expect(CATEGORY_FILTERS[0]).toEqual({ text: 'All', value: 'all' });
    expect(CATEGORY_VALUES).not.toContain(ALL_CATEGORY.value);
  });

  it('has unique values and texts', () => {
    expect(new Set(CATEGORY_FILTERS.map((c) => c.value)).size).toBe(31);
    expect(new Set(CATEGORY_FILTERS.map((c) => c.text)).size).toBe(31);
  });

  it.each(['audio & speakers', 'cars & trucks', 'furniture', 'tickets', 'drones', '3d printers & supplies'])(
    'contains the named category %j',
    (value) => {
      expect(CATEGORY_VALUES).toContain(value);
      expect(categoryByValue(value)?.value).toBe(value);
    },
  );

  it('finds nothing for an unknown value', () => {
    expect(categoryByValue('weapons')).toBeUndefined();
  });
});
