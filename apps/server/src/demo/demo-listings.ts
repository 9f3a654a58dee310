import { CAMPUS_IDS, type Condition } from '@campus/contract';
import type { Art, ShotOptions } from './demo-photos.ts';

/** One photo of a listing: the objects in it (left to right) and how it is framed. */
type Shot = Omit<ShotOptions, 'seed'>;

const shot = (objects: (string | Art)[], options: Pick<Shot, 'framing' | 'portrait'> = {}): Shot => ({
  objects: objects.map((o) => (typeof o === 'string' ? { code: o } : o)),
  ...options,
});

export interface DemoPost {
  by: string;
  /** Written as students write listings: what it is, its condition, why it goes, where to pick it up. */
  text: string;
  category?: string;
  price?: number;
  /** The item's condition where the text says it (docs/product/selling.md#condition). */
  condition?: Condition;
  photos?: Shot[];
  comments?: { by: string; text: string; replies?: { by: string; text: string }[] }[];
  savedBy?: string[];
}

const OU_POSTS: DemoPost[] = [
  {
    by: 'avery@ou.edu',
    text: 'Mini fridge, 3.2 cu ft. Works perfectly, freezer box keeps ice cream frozen. Moving off campus so it has to go. Pick up at Couch Center, I can help carry it to your car.',
    condition: 'good',
    category: 'appliances',
    price: 60,
    photos: [shot(['mini-fridge'])],
    comments: [
      {
        by: 'diego@ou.edu',
        text: 'Still available? Could grab it tonight.',
        replies: [{ by: 'avery@ou.edu', text: 'Yes! Message me and we can set a time.' }],
      },
    ],
    savedBy: ['jordan@ou.edu', 'priya@ou.edu'],
  },
  {
    by: 'jordan@ou.edu',
    text: 'DJI Mini 2 drone with 3 batteries and the carrying case. Under 250 g so no registration needed. Upgraded to a bigger one. Meet at Felgar Hall or the Union.',
    condition: 'like new',
    category: 'drones',
    price: 280,
  },
  {
    by: 'priya@ou.edu',
    text: 'Campbell Biology 12th edition, almost no highlighting. Used it for BIOL 1134, you need it for 1124 too. Pick up at Bizzell Library.',
    condition: 'like new',
    category: 'textbooks',
    price: 45,
    photos: [shot(['1f4d7']), shot(['1f4d7'], { framing: 'close' })],
  },
  {
    by: 'marcus@ou.edu',
    text: 'JBL Flip 5 speaker. Loud, waterproof, great for tailgates. Battery still lasts all day. Got a new one for my birthday. Walker Center lobby.',
    condition: 'good',
    category: 'audio & speakers',
    price: 55,
    photos: [shot([{ code: '1f50a', crop: { left: 0, top: 0.05, width: 0.6, height: 0.9 } }])],
    comments: [
      {
        by: 'emily@ou.edu',
        text: 'Does it come with the charger?',
        replies: [{ by: 'marcus@ou.edu', text: 'USB-C cable included.' }],
      },
    ],
  },
  {
    by: 'emily@ou.edu',
    text: 'IKEA desk (white, 47") and a wooden desk chair. Both in good shape, a couple of small scratches on the desk. You carry, I help. Traditions Square East.',
    condition: 'good',
    category: 'furniture',
    price: 40,
    photos: [shot(['1fa91']), shot(['1fa91'], { framing: 'close', portrait: true })],
    savedBy: ['avery@ou.edu'],
  },
  {
    by: 'diego@ou.edu',
    text: 'Road bike, medium frame, new tires and chain this fall. Shifts smooth, brakes adjusted last week. Selling because I got a scooter. Test ride at Cross Village.',
    condition: 'good',
    category: 'bikes & scooters',
    price: 350,
    photos: [shot(['1f6b2']), shot(['1f6b2'], { framing: 'close' }), shot(['1f6b2'], { framing: 'wide' })],
    comments: [{ by: 'jordan@ou.edu', text: 'What size are you? I am 5\'10".' }],
  },
  {
    by: 'avery@ou.edu',
    text: 'Two tickets for the Red River game, section 24. Face value, transfer through the app. My parents can’t come anymore.',
    category: 'tickets',
    price: 180,
    comments: [
      {
        by: 'priya@ou.edu',
        text: 'Would you split them?',
        replies: [
          { by: 'avery@ou.edu', text: 'Prefer to sell the pair, sorry!' },
          { by: 'priya@ou.edu', text: 'No worries, good luck!' },
        ],
      },
    ],
    savedBy: ['diego@ou.edu', 'marcus@ou.edu', 'emily@ou.edu'],
  },
  {
    by: 'jordan@ou.edu',
    text: 'HP inkjet printer/scanner, prints and scans fine, ink about half full. I print at the library now. Pick up at Headington Hall.',
    condition: 'good',
    category: 'computers & laptops',
    price: 35,
    photos: [shot(['1f5a8-fe0f']), shot(['1f5a8-fe0f'], { framing: 'close' })],
  },
  {
    by: 'priya@ou.edu',
    text: 'Pothos and a rubber plant in ceramic pots, both healthy and easy to keep alive. Free to a good home, I’m going abroad next semester. Porch pick up near Campus Corner.',
    category: 'free stuff',
    price: 0,
    photos: [shot(['1fab4']), shot(['1fab4'], { framing: 'close' })],
  },
  {
    by: 'marcus@ou.edu',
    text: 'Yamaha acoustic guitar (FG800) with gig bag and capo. Action set low, new strings. Moving to electric. Catlett Music Center.',
    condition: 'good',
    category: 'musical instruments',
    price: 130,
  },
  {
    by: 'emily@ou.edu',
    text: 'Red tea kettle, stovetop. Whistles loud enough to wake your roommate. Barely used, graduating. Traditions Square East.',
    condition: 'like new',
    category: 'home & kitchen',
    price: 12,
    photos: [shot(['1fad6'])],
  },
  {
    by: 'diego@ou.edu',
    text: 'Looking for a ride to Dallas this Friday afternoon, will split gas.',
    category: 'rides & carpools',
  },
  {
    by: 'avery@ou.edu',
    text: 'Calc II tutoring, $20/hr. Got an A in the class, patient and flexible. Bizzell or over Zoom.',
    category: 'services & tutoring',
    price: 20,
  },
  {
    by: 'jordan@ou.edu',
    text: 'MacBook Air M1, 8 GB / 256 GB, battery health 91%. No dents, always in a sleeve. Charger included. Upgrading for CAD work. Meet at the Union, you can check it out first.',
    condition: 'like new',
    category: 'computers & laptops',
    price: 520,
    photos: [shot(['1f4bb']), shot(['1f4bb'], { framing: 'close' }), shot(['1f4bb'], { portrait: true })],
    savedBy: ['emily@ou.edu'],
  },
  {
    by: 'priya@ou.edu',
    text: 'Lab coat (size M) and safety goggles for Chem I. Washed, no stains. Done with lab! Bizzell Library.',
    condition: 'good',
    category: 'textbooks',
    price: 15,
    photos: [shot(['1f97c', '1f97d'])],
  },
  {
    by: 'marcus@ou.edu',
    text: 'Over-ear headphones, noise cancelling, comfy for long sessions. Small scuff on the band. Switched to in-ears. Walker Center lobby.',
    condition: 'good',
    category: 'audio & speakers',
    price: 85,
    photos: [shot(['1f3a7']), shot(['1f3a7'], { framing: 'close' })],
  },
  {
    by: 'emily@ou.edu',
    text: 'Full-size mattress topper, memory foam, cleaned. Must go by Sunday!',
    category: 'dorm essentials',
    price: 25,
  },
  {
    by: 'diego@ou.edu',
    text: '2012 Honda Civic, 128k miles, clean title, new brakes. Reliable commuter, I’m moving to Chicago for a job. Pics of the interior in DM.',
    condition: 'good',
    category: 'cars & trucks',
    price: 6500,
    comments: [
      {
        by: 'marcus@ou.edu',
        text: 'Any accidents?',
        replies: [{ by: 'diego@ou.edu', text: 'None, and I have the Carfax.' }],
      },
    ],
  },
  {
    by: 'avery@ou.edu',
    text: 'Wireless game controller, works with PC and Xbox. Like new, I don’t have time to play anymore. Couch Center.',
    condition: 'like new',
    category: 'video games & consoles',
    price: 35,
    photos: [shot(['1f3ae']), shot(['1f3ae'], { framing: 'close' })],
    savedBy: ['jordan@ou.edu'],
  },
  {
    by: 'jordan@ou.edu',
    text: 'Film camera, 35 mm, tested with a roll last month and it came out great. Comes with a strap. Felgar Hall or the Union.',
    condition: 'good',
    category: 'cameras & photo',
    price: 90,
    photos: [shot(['1f4f7']), shot(['1f4f7'], { framing: 'close' }), shot(['1f4f7'], { framing: 'wide' })],
  },
  {
    by: 'priya@ou.edu',
    text: 'Trench coat (S) and red rain boots, size 8. Worn a handful of times. Closet clean-out. Bizzell Library.',
    condition: 'like new',
    category: 'clothing & shoes',
    price: 40,
    photos: [shot(['1f9e5', '1f462']), shot(['1f9e5'], { portrait: true })],
  },
  {
    by: 'marcus@ou.edu',
    text: 'Subleasing my room at The Standard for summer, $650/mo, furnished, own bathroom. DM for pictures.',
    category: 'housing & sublets',
    price: 650,
  },
  {
    by: 'emily@ou.edu',
    text: 'Art supplies: a palette, brushes and paints, two blank canvases. I’m graduating and can’t take it all. Fine Arts Center.',
    category: 'art & crafts',
    price: 30,
    photos: [shot(['1f3a8', '1f58c-fe0f'])],
  },
  {
    by: 'diego@ou.edu',
    text: '4-person tent, used twice at Lake Thunderbird. All poles and stakes there. Cross Village.',
    condition: 'like new',
    category: 'outdoor & camping',
    price: 45,
    photos: [shot(['26fa'], { framing: 'wide' })],
  },
  {
    by: 'avery@ou.edu',
    text: 'Blue loveseat and the floor lamp next to it. Comfy, no stains, pet-free room. Moving into a furnished place. You pick up from Couch Center (it fits in an SUV).',
    condition: 'good',
    category: 'furniture',
    price: 70,
    photos: [shot(['1f6cb-fe0f']), shot(['1f6cb-fe0f'], { framing: 'close' })],
  },
  {
    by: 'jordan@ou.edu',
    text: 'Phone in great condition, 128 GB, unlocked, always in a case. Battery 88%. Switched carriers. Meet at the Union.',
    condition: 'good',
    category: 'phones & accessories',
    price: 380,
    photos: [shot(['1f4f1']), shot(['1f4f1'], { framing: 'close' })],
  },
  { by: 'priya@ou.edu', text: 'Anyone selling a TI-84? Need one for stats.', category: 'electronics' },
  {
    by: 'marcus@ou.edu',
    text: 'Tennis racket and a can of balls. Racket restrung in August. I joined the club team and they gave me one. Meet at the Huston Huffman courts.',
    category: 'sporting goods',
    price: 30,
    photos: [shot(['1f3be'])],
  },
  {
    by: 'emily@ou.edu',
    text: 'Ring light with tripod stand, perfect for presentations.',
    category: 'electronics',
    price: 20,
  },
  {
    by: 'diego@ou.edu',
    text: 'Kick scooter, folds up, fits under a desk. Wheels have a lot of life left. Pick up at Cross Village.',
    condition: 'good',
    category: 'bikes & scooters',
    price: 40,
    photos: [shot(['1f6f4']), shot(['1f6f4'])],
    savedBy: ['avery@ou.edu', 'priya@ou.edu'],
  },
  {
    by: 'avery@ou.edu',
    text: 'Cat tree and a bag of litter, my cat moved home with my parents.',
    category: 'pet supplies',
    price: 25,
  },
  {
    by: 'jordan@ou.edu',
    text: 'Mechanical keyboard and wireless mouse. Brown switches, not too loud for the dorm. Selling as a set. Headington Hall.',
    condition: 'good',
    category: 'computers & laptops',
    price: 45,
    photos: [shot(['2328-fe0f', '1f5b1-fe0f']), shot(['2328-fe0f'], { framing: 'close' })],
  },
  {
    by: 'priya@ou.edu',
    text: 'Skincare bundle, unopened: cleanser and moisturizer. Wrong skin type for me. Bizzell Library.',
    condition: 'new',
    category: 'health & beauty',
    price: 20,
    photos: [shot(['1f9f4'])],
  },
  {
    by: 'marcus@ou.edu',
    text: 'Vinyl records, mostly 70s rock. $8 each or all 20 for $120. Message me for a list!',
    category: 'books & media',
    price: 8,
  },
  {
    by: 'emily@ou.edu',
    text: 'Watch, works, new battery last month. Band fits a small wrist. Traditions Square East.',
    condition: 'good',
    category: 'jewelry & watches',
    price: 25,
    photos: [shot(['231a'], { framing: 'close' })],
  },
  {
    by: 'diego@ou.edu',
    text: 'Misc dorm stuff: shower caddy, hangers, a small rug. Free, just come get it at Cross Village.',
    category: 'free stuff',
    price: 0,
  },
  {
    by: 'avery@ou.edu',
    text: 'Selling my whole shelf of novels, $3 each. Message me for a list!',
    category: 'books & media',
    price: 3,
    photos: [shot(['1f4da'])],
  },
  {
    by: 'jordan@ou.edu',
    text: 'USB studio microphone with desk stand, great for podcasts and Zoom. Works perfectly. Headington Hall.',
    condition: 'good',
    category: 'audio & speakers',
    price: 60,
    photos: [shot(['1f399-fe0f'])],
  },
  {
    by: 'priya@ou.edu',
    text: 'Hanging shoe organizer and under-bed storage bins.',
    category: 'dorm essentials',
    price: 12,
  },
  {
    by: 'marcus@ou.edu',
    text: 'Electric guitar with a small practice amp and cable. Plays well, a couple of dings on the body. Saving up for a better one. Catlett Music Center.',
    condition: 'fair',
    category: 'musical instruments',
    price: 180,
    photos: [shot(['1f3b8']), shot(['1f3b8'], { framing: 'close' }), shot(['1f3b8'])],
    savedBy: ['diego@ou.edu'],
  },
  {
    by: 'marcus@ou.edu',
    text: 'Anyone want to split an Uber to OKC airport Dec 14 morning?',
    category: 'rides & carpools',
  },
  {
    by: 'emily@ou.edu',
    text: 'Kitchen set: frying pan, pot, utensils. All for $30. Graduating, nothing goes in the suitcase. Traditions Square East.',
    category: 'home & kitchen',
    price: 30,
    photos: [shot(['1f373']), shot(['1f373'], { framing: 'close' })],
  },
  {
    by: 'diego@ou.edu',
    text: 'Running shoes, men’s 10, worn maybe ten times. Too narrow for me. Cross Village.',
    condition: 'like new',
    category: 'clothing & shoes',
    price: 35,
    photos: [shot(['1f45f', { code: '1f45f', mirror: true }]), shot(['1f45f'], { framing: 'close' })],
  },
  {
    by: 'avery@ou.edu',
    text: 'Backpack with a laptop sleeve, lots of pockets. Clean, zips work. Got a new one for nursing clinicals. Couch Center.',
    condition: 'good',
    category: 'dorm essentials',
    price: 20,
    photos: [shot(['1f392'])],
  },
];

const UT_POSTS: DemoPost[] = [
  {
    by: 'taylor@utexas.edu',
    text: 'Two ACL weekend 1 passes. Can’t make it anymore.',
    category: 'tickets',
    price: 400,
    comments: [
      {
        by: 'olivia@utexas.edu',
        text: 'Would you sell one?',
        replies: [{ by: 'taylor@utexas.edu', text: 'Yes, $200 each works.' }],
      },
    ],
    savedBy: ['ethan@utexas.edu'],
  },
  {
    by: 'olivia@utexas.edu',
    text: 'Summer sublet in West Campus, 1 bed in a 4x4, $800/mo. DM for pictures.',
    category: 'housing & sublets',
    price: 800,
  },
  {
    by: 'ethan@utexas.edu',
    text: 'Mechanical keyboard (Keychron K2), brown switches. Moving to a smaller one. Pick up at the PCL.',
    category: 'computers & laptops',
    price: 55,
    photos: [shot(['2328-fe0f']), shot(['2328-fe0f'], { framing: 'close' })],
  },
  {
    by: 'taylor@utexas.edu',
    text: 'Burnt orange bean bag, super comfy. Jester West.',
    category: 'furniture',
    price: 30,
  },
  {
    by: 'olivia@utexas.edu',
    text: 'Organic Chemistry (Klein) 4th ed with solutions manual.',
    category: 'textbooks',
    price: 60,
    photos: [shot(['1f4d8'])],
  },
  {
    by: 'ethan@utexas.edu',
    text: '27" monitor, 1440p, barely any hours on it. Stand and cables included. Pick up at the PCL.',
    category: 'electronics',
    price: 150,
    photos: [shot(['1f5a5-fe0f']), shot(['1f5a5-fe0f'], { framing: 'close' })],
    savedBy: ['taylor@utexas.edu'],
  },
  {
    by: 'taylor@utexas.edu',
    text: 'Skateboard, complete, new grip tape. Gets you from Jester to class in five minutes.',
    category: 'bikes & scooters',
    price: 40,
    photos: [shot(['1f6f9'])],
  },
  {
    by: 'olivia@utexas.edu',
    text: 'Free moving boxes, about 15 of them. On the porch on Rio Grande St.',
    category: 'free stuff',
    price: 0,
    photos: [shot(['1f4e6'])],
  },
  {
    by: 'ethan@utexas.edu',
    text: 'Retro TV for console gaming, works great with a N64. Dobie Center.',
    category: 'video games & consoles',
    price: 45,
    photos: [shot(['1f4fa'])],
  },
  {
    by: 'taylor@utexas.edu',
    text: 'Carry-on suitcase, spinner wheels, used for two trips. Jester West.',
    category: 'home & kitchen',
    price: 50,
    photos: [shot(['1f9f3'])],
  },
];

/** Every demo listing, oldest first, with its campus. */
export const DEMO_LISTINGS = [
  ...OU_POSTS.map((p) => ({ ...p, campusId: CAMPUS_IDS.ou })),
  ...UT_POSTS.map((p) => ({ ...p, campusId: CAMPUS_IDS.ut })),
];

/**
 * The file of a listing's photo `n` in DEMO_PHOTOS_DIR, named after its first words
 * ('mini-fridge-3-2-cu-1.webp'), made by `node --import tsx scripts/demo-photos.ts`.
 */
export function listingPhotoFile(listing: DemoPost, n: number): string {
  const words = listing.text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, 5);
  return `${words.join('-')}-${n + 1}.webp`;
}
