import { describe, expect, it } from 'vitest';
import {
  countListingFilters,
  listingFiltersFromParams,
  listingFiltersToParams,
  NO_LISTING_FILTERS,
} from './listing-filters.ts';
import { FilteredFeedQuerySchema, listingFiltersOf } from './listing-filters-query.ts';

describe('listing filters in the address', () => {
  it('round-trip through search parameters in a fixed order, conditions best first', () => {
    const params = new URLSearchParams('condition=fair,new,fair&maxPrice=40&sort=price_desc&minPrice=5&sold=1&free=0');
    const filters = listingFiltersFromParams(params);
    expect(filters).toEqual({
      minPrice: 5,
      maxPrice: 40,
      free: false,
      conditions: ['new', 'fair'],
      sold: true,
      sort: 'price_desc',
    });
    expect(new URLSearchParams(listingFiltersToParams(filters)).toString()).toBe(
      'minPrice=5&maxPrice=40&condition=new%2Cfair&sold=1&sort=price_desc',
    );
    expect(countListingFilters(filters)).toBe(4);
    expect(countListingFilters(NO_LISTING_FILTERS)).toBe(0);
  });

  it('the web app leaves out what the API would refuse, so a hand-edited link still opens', () => {
    const filters = listingFiltersFromParams(
      new URLSearchParams('minPrice=-3&maxPrice=1e3&condition=mint,good&sort=cheapest&free=yes'),
    );
    expect(filters).toEqual({ ...NO_LISTING_FILTERS, conditions: ['good'] });
    // A minimum above the maximum keeps the minimum.
    expect(listingFiltersFromParams(new URLSearchParams('minPrice=50&maxPrice=20'))).toEqual({
      ...NO_LISTING_FILTERS,
      minPrice: 50,
    });
  });

  it('the API refuses them, and a minimum above the maximum', () => {
    for (const query of [
      { minPrice: '-3' },
      { maxPrice: '1e3' },
      { condition: 'mint' },
      { sort: 'cheapest' },
      { free: 'yes' },
    ]) {
      expect(FilteredFeedQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    const inverted = FilteredFeedQuerySchema.safeParse({ minPrice: '50', maxPrice: '20' });
    expect(inverted.error?.issues[0]?.message).toBe("The minimum price can't be above the maximum.");
    const parsed = FilteredFeedQuerySchema.parse({ minPrice: '5', condition: 'good,new', free: 'true' });
    expect(listingFiltersOf(parsed)).toEqual({
      minPrice: 5,
      free: true,
      conditions: ['new', 'good'],
      sold: false,
      sort: 'newest',
    });
  });
});
