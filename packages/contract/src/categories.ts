/**
 * Post categories (docs/product/community.md#categories): 30 categories plus 'all', each a {text, value} pair.
 * Six are named by the spec; the other 24 cover what students sell to each other.
 */
export interface Category {
  text: string;
  value: string;
}

const pair = (text: string): Category => ({ text, value: text.toLowerCase() });

export const ALL_CATEGORY: Category = { text: 'All', value: 'all' };

export const CATEGORIES: readonly Category[] = [
  pair('Audio & Speakers'),
  pair('Cars & Trucks'),
  pair('Furniture'),
  pair('Tickets'),
  pair('Drones'),
  pair('3D Printers & Supplies'),
  pair('Textbooks'),
  pair('Electronics'),
  pair('Computers & Laptops'),
  pair('Phones & Accessories'),
  pair('Video Games & Consoles'),
  pair('Clothing & Shoes'),
  pair('Bikes & Scooters'),
  pair('Home & Kitchen'),
  pair('Appliances'),
  pair('Dorm Essentials'),
  pair('Sporting Goods'),
  pair('Outdoor & Camping'),
  pair('Musical Instruments'),
  pair('Cameras & Photo'),
  pair('Books & Media'),
  pair('Art & Crafts'),
  pair('Jewelry & Watches'),
  pair('Health & Beauty'),
  pair('Housing & Sublets'),
  pair('Rides & Carpools'),
  pair('Services & Tutoring'),
  pair('Free Stuff'),
  pair('Pet Supplies'),
  pair('Miscellaneous'),
];

/** The filter list of the feed: 'all' first, then the 30 categories. */
export const CATEGORY_FILTERS: readonly Category[] = [ALL_CATEGORY, ...CATEGORIES];

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [string, ...string[]];

export function categoryByValue(value: string): Category | undefined {
  return CATEGORY_FILTERS.find((c) => c.value === value);
}
