import type { CampusSummary } from '@campus/contract';

/**
 * US state names by postal code, so that 'texas' also finds SMU in Dallas, TX: students type
 * the state's name at least as often as its code.
 */
const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

/** Lower case without accents: 'Bogotá' and 'bogota' are the same search. */
function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

function searchableText(campus: CampusSummary): string {
  const { city, state } = campus.location;
  return foldText([campus.name, campus.shortName, city, state, STATE_NAMES[state] ?? ''].join(' '));
}

/**
 * The schools of Find Your School that match what was typed (docs/product/search.md#find-your-school): every word must
 * appear in the name, short name, city or state, ignoring case and accents. The hub is not
 * a school and is never listed. Sorted by name so the list reads like a directory.
 */
export function matchSchools(campuses: readonly CampusSummary[], query: string): CampusSummary[] {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  return campuses
    .filter((campus) => !campus.isHub)
    .filter((campus) => {
      const text = searchableText(campus);
      return words.every((word) => text.includes(word));
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/** 'Austin, TX, US': the place line of a hit, skipping parts a campus does not have. */
export function placeOf(campus: Pick<CampusSummary, 'location'>): string {
  const { city, state, country } = campus.location;
  return [city, state, country].filter(Boolean).join(', ');
}
