import { CAMPUS_IDS, campusById } from '@campus/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Clock } from '../../lib/clock.ts';
import type { Auth } from '../../modules/auth/auth.ts';
import { stageFiles } from '../../modules/media/stage.ts';
import { createPost, toggleLike } from '../../modules/posts/posts.service.ts';
import type { PostUpload } from '../../modules/posts/uploads.ts';
import type { SessionUser } from '../../plugins/session.ts';
import type { StorageDriver } from '../../plugins/storage.ts';
import type { Database } from '../client.ts';
import { posts, users } from '../schema/index.ts';
import { DEMO_ACCOUNTS, type DemoAccount, seedDemoAccount } from './demo-accounts.ts';

/** More students, so the feed has many voices (same password as the listed demo accounts). */
const EXTRA_STUDENTS: DemoAccount[] = [
  {
    name: 'Priya Patel',
    email: 'priya@ou.edu',
    bio: 'Pre-med. Mostly textbooks and plants.',
    campus: { id: CAMPUS_IDS.ou, schoolEmail: 'priya@ou.edu' },
    color: '#6b3fa0',
  },
  {
    name: 'Marcus Johnson',
    email: 'marcus@ou.edu',
    bio: 'Music major. Gear comes and goes.',
    campus: { id: CAMPUS_IDS.ou, schoolEmail: 'marcus@ou.edu' },
    color: '#00703c',
  },
  {
    name: 'Emily Chen',
    email: 'emily@ou.edu',
    bio: 'Graduating in May: everything must go!',
    campus: { id: CAMPUS_IDS.ou, schoolEmail: 'emily@ou.edu' },
    color: '#a34400',
  },
  {
    name: 'Diego Ramirez',
    email: 'diego@ou.edu',
    bio: 'Bikes, boards and road trips.',
    campus: { id: CAMPUS_IDS.ou, schoolEmail: 'diego@ou.edu' },
    color: '#012169',
  },
  {
    name: 'Olivia Smith',
    email: 'olivia@utexas.edu',
    bio: 'Subletting and selling in West Campus.',
    campus: { id: CAMPUS_IDS.ut, schoolEmail: 'olivia@utexas.edu' },
    color: '#782f40',
  },
  {
    name: 'Ethan Davis',
    email: 'ethan@utexas.edu',
    bio: 'CS student, always upgrading something.',
    campus: { id: CAMPUS_IDS.ut, schoolEmail: 'ethan@utexas.edu' },
    color: '#1f5f8f',
  },
];

interface DemoPost {
  by: string;
  text: string;
  category?: string;
  price?: number;
  photos?: string[];
  comments?: { by: string; text: string; replies?: { by: string; text: string }[] }[];
  savedBy?: string[];
}

const OU_POSTS: DemoPost[] = [
  {
    by: 'avery@ou.edu',
    text: 'Mini fridge, 3.2 cu ft. Works perfectly, moving off campus. Pick up at Couch.',
    category: 'appliances',
    price: 60,
    photos: ['Mini Fridge'],
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
    text: 'DJI Mini 2 drone with 3 batteries and the carrying case. Under 250 g so no registration needed.',
    category: 'drones',
    price: 280,
    photos: ['DJI Mini 2', 'Batteries + Case'],
    savedBy: ['marcus@ou.edu'],
  },
  {
    by: 'priya@ou.edu',
    text: 'Campbell Biology 12th edition, almost no highlighting.',
    category: 'textbooks',
    price: 45,
    photos: ['Campbell Biology'],
  },
  {
    by: 'marcus@ou.edu',
    text: 'JBL Flip 5 speaker. Loud, waterproof, great for tailgates.',
    category: 'audio & speakers',
    price: 55,
    photos: ['JBL Flip 5'],
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
    text: 'IKEA desk (white, 47") and chair. You carry, I help.',
    category: 'furniture',
    price: 40,
    photos: ['Desk', 'Chair'],
    savedBy: ['avery@ou.edu'],
  },
  {
    by: 'diego@ou.edu',
    text: 'Trek FX 2 hybrid bike, medium frame, new tires this fall.',
    category: 'bikes & scooters',
    price: 350,
    photos: ['Trek FX 2'],
    comments: [{ by: 'jordan@ou.edu', text: 'What size are you? I am 5\'10".' }],
  },
  {
    by: 'avery@ou.edu',
    text: 'Two tickets for the Red River game, section 24. Face value.',
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
    text: 'Ender 3 V2 3D printer with two spools of PLA. Dialed in and printing great.',
    category: '3d printers & supplies',
    price: 150,
    photos: ['Ender 3 V2'],
  },
  {
    by: 'priya@ou.edu',
    text: 'Monstera cutting in a pot, already rooted. Free to a good home!',
    category: 'free stuff',
    price: 0,
    photos: ['Monstera'],
  },
  {
    by: 'marcus@ou.edu',
    text: 'Yamaha acoustic guitar (FG800) with gig bag and capo.',
    category: 'musical instruments',
    price: 130,
    photos: ['Yamaha FG800'],
  },
  {
    by: 'emily@ou.edu',
    text: 'Keurig K-Mini, barely used. Comes with a reusable pod.',
    category: 'home & kitchen',
    price: 35,
    photos: ['Keurig K-Mini'],
  },
  {
    by: 'diego@ou.edu',
    text: 'Looking for a ride to Dallas this Friday afternoon, will split gas.',
    category: 'rides & carpools',
  },
  {
    by: 'avery@ou.edu',
    text: 'Calc II tutoring, $20/hr. A in the class, patient and flexible.',
    category: 'services & tutoring',
    price: 20,
  },
  {
    by: 'jordan@ou.edu',
    text: 'MacBook Air M1, 8 GB / 256 GB, battery health 91%. Charger included.',
    category: 'computers & laptops',
    price: 520,
    photos: ['MacBook Air', 'Battery 91%'],
    savedBy: ['emily@ou.edu'],
  },
  { by: 'priya@ou.edu', text: 'Lab coat and goggles for Chem I, size M.', category: 'textbooks', price: 15 },
  {
    by: 'marcus@ou.edu',
    text: 'Audio-Technica ATH-M50x headphones. Studio sound, comfy for long sessions.',
    category: 'audio & speakers',
    price: 85,
    photos: ['ATH-M50x'],
  },
  {
    by: 'emily@ou.edu',
    text: 'Full-size mattress topper, memory foam, cleaned. Must go by Sunday.',
    category: 'dorm essentials',
    price: 25,
  },
  {
    by: 'diego@ou.edu',
    text: '2012 Honda Civic, 128k miles, clean title, new brakes. Reliable commuter.',
    category: 'cars & trucks',
    price: 6500,
    photos: ['Honda Civic', 'Interior'],
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
    text: 'Nintendo Switch OLED with Mario Kart and two controllers.',
    category: 'video games & consoles',
    price: 260,
    photos: ['Switch OLED'],
    savedBy: ['jordan@ou.edu'],
  },
  {
    by: 'jordan@ou.edu',
    text: 'Canon EOS Rebel T7 with 18-55 kit lens. Great first camera.',
    category: 'cameras & photo',
    price: 300,
    photos: ['Canon T7'],
  },
  {
    by: 'priya@ou.edu',
    text: 'Rain boots size 8 and a Patagonia rain jacket (S).',
    category: 'clothing & shoes',
    price: 40,
    photos: ['Rain Jacket'],
  },
  {
    by: 'marcus@ou.edu',
    text: 'Subleasing my room at The Standard for summer, $650/mo, furnished.',
    category: 'housing & sublets',
    price: 650,
    photos: ['Bedroom', 'Living Room'],
  },
  {
    by: 'emily@ou.edu',
    text: 'Box of art supplies: acrylics, brushes, two canvases.',
    category: 'art & crafts',
    price: 30,
    photos: ['Art Supplies'],
  },
  {
    by: 'diego@ou.edu',
    text: 'Coleman 4-person tent, used twice.',
    category: 'outdoor & camping',
    price: 45,
    photos: ['Tent'],
  },
  {
    by: 'avery@ou.edu',
    text: 'Floor lamp with three adjustable heads. Bulbs included.',
    category: 'furniture',
    price: 18,
    photos: ['Floor Lamp'],
  },
  {
    by: 'jordan@ou.edu',
    text: 'iPhone 13, 128 GB, unlocked, always in a case.',
    category: 'phones & accessories',
    price: 380,
    photos: ['iPhone 13'],
  },
  { by: 'priya@ou.edu', text: 'Anyone selling a TI-84? Need one for stats.', category: 'electronics' },
  {
    by: 'marcus@ou.edu',
    text: 'Weight set: two 25 lb dumbbells and a bench.',
    category: 'sporting goods',
    price: 70,
    photos: ['Dumbbells'],
  },
  {
    by: 'emily@ou.edu',
    text: 'Ring light with tripod stand, perfect for presentations.',
    category: 'electronics',
    price: 20,
  },
  {
    by: 'diego@ou.edu',
    text: 'Electric scooter (Segway Ninebot ES2), 15 mi range.',
    category: 'bikes & scooters',
    price: 240,
    photos: ['Ninebot ES2'],
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
    text: 'Raspberry Pi 4 (4 GB) starter kit with case and fan.',
    category: 'electronics',
    price: 65,
    photos: ['Raspberry Pi 4'],
  },
  {
    by: 'priya@ou.edu',
    text: 'Skincare bundle, unopened: CeraVe cleanser and moisturizer.',
    category: 'health & beauty',
    price: 20,
  },
  {
    by: 'marcus@ou.edu',
    text: 'Vinyl records, mostly 70s rock. $8 each or all 20 for $120.',
    category: 'books & media',
    price: 8,
    photos: ['Vinyl Records'],
  },
  { by: 'emily@ou.edu', text: 'Silver watch (Fossil), works, new battery.', category: 'jewelry & watches', price: 50 },
  {
    by: 'diego@ou.edu',
    text: 'Misc dorm stuff: shower caddy, hangers, a small rug. Free, just come get it.',
    category: 'free stuff',
    price: 0,
  },
  {
    by: 'avery@ou.edu',
    text: 'Selling my whole shelf of novels, $3 each. Message me for a list!',
    category: 'books & media',
    price: 3,
  },
  {
    by: 'jordan@ou.edu',
    text: 'Blue Yeti microphone, great for podcasts and Zoom.',
    category: 'audio & speakers',
    price: 70,
    photos: ['Blue Yeti'],
  },
  {
    by: 'priya@ou.edu',
    text: 'Hanging shoe organizer and under-bed storage bins.',
    category: 'dorm essentials',
    price: 12,
  },
  {
    by: 'marcus@ou.edu',
    text: 'Anyone want to split an Uber to OKC airport Dec 14 morning?',
    category: 'rides & carpools',
  },
  {
    by: 'emily@ou.edu',
    text: 'Miscellaneous kitchen set: pots, pans, utensils. All for $30.',
    category: 'home & kitchen',
    price: 30,
    photos: ['Kitchen Set'],
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
    text: 'Summer sublet in West Campus, 1 bed in a 4x4, $800/mo.',
    category: 'housing & sublets',
    price: 800,
    photos: ['West Campus Room'],
  },
  {
    by: 'ethan@utexas.edu',
    text: 'Mechanical keyboard (Keychron K2), brown switches.',
    category: 'computers & laptops',
    price: 55,
    photos: ['Keychron K2'],
  },
  {
    by: 'taylor@utexas.edu',
    text: 'Burnt orange bean bag, super comfy.',
    category: 'furniture',
    price: 30,
    photos: ['Bean Bag'],
  },
  {
    by: 'olivia@utexas.edu',
    text: 'Organic Chemistry (Klein) 4th ed with solutions manual.',
    category: 'textbooks',
    price: 60,
  },
  {
    by: 'ethan@utexas.edu',
    text: 'Dell 27" monitor, 1440p, barely any hours on it.',
    category: 'electronics',
    price: 150,
    photos: ['Dell 27" Monitor'],
    savedBy: ['taylor@utexas.edu'],
  },
  { by: 'taylor@utexas.edu', text: 'Bike lock and helmet, both like new.', category: 'bikes & scooters', price: 25 },
  { by: 'olivia@utexas.edu', text: 'Free moving boxes, about 15 of them.', category: 'free stuff', price: 0 },
  {
    by: 'ethan@utexas.edu',
    text: 'PS5 with two controllers and Spider-Man 2.',
    category: 'video games & consoles',
    price: 420,
    photos: ['PS5'],
  },
  {
    by: 'taylor@utexas.edu',
    text: 'Espresso machine (Breville Bambino). Makes great lattes.',
    category: 'home & kitchen',
    price: 190,
    photos: ['Breville Bambino'],
  },
];

const PALETTE = ['#1f5f8f', '#841617', '#00703c', '#6b3fa0', '#a34400', '#012169', '#782f40', '#0f766e', '#9a3412'];

/** A product-card style picture: a gradient, a soft shape and the item's name. */
async function demoPhoto(label: string, index: number): Promise<Buffer> {
  const a = PALETTE[index % PALETTE.length];
  const b = PALETTE[(index + 3) % PALETTE.length];
  const escaped = label.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  <circle cx="620" cy="140" r="170" fill="#ffffff" fill-opacity="0.12"/>
  <rect x="90" y="380" width="620" height="6" rx="3" fill="#ffffff" fill-opacity="0.5"/>
  <text x="90" y="350" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="64" fill="#ffffff">${escaped}</text>
  <text x="90" y="440" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#ffffff" fill-opacity="0.85">Demo photo</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

export interface DemoContentDeps {
  db: Database;
  auth: Auth;
  storage: StorageDriver;
  log: FastifyBaseLogger;
}

/**
 * About 50 posts on OU and UT with photos, categories, prices, comments, replies and saves,
 * written through the same service as real posts. Runs once: skipped when the demo posts are
 * there already.
 */
export async function seedDemoContent(deps: DemoContentDeps): Promise<number> {
  const { db, auth, storage, log } = deps;
  for (const account of EXTRA_STUDENTS) await seedDemoAccount({ db, auth, storage }, account);
  const accounts = [...DEMO_ACCOUNTS, ...EXTRA_STUDENTS].filter((a) => a.campus);
  const rows = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        accounts.map((a) => a.email),
      ),
    );
  const byEmail = new Map(rows.map((u) => [u.email, u]));
  const [existing] = await db
    .select({ n: count() })
    .from(posts)
    .where(
      and(
        inArray(
          posts.userId,
          rows.map((u) => u.id),
        ),
        eq(posts.type, 'post'),
      ),
    );
  if ((existing?.n ?? 0) > 0) return 0;

  const session = (email: string): SessionUser => {
    const user = byEmail.get(email);
    if (!user) throw new Error(`demo account ${email} missing`);
    return { id: user.id, email, verified: true, schoolVerified: true, campusId: user.campusId };
  };
  const all = [
    ...OU_POSTS.map((p) => ({ ...p, campusId: CAMPUS_IDS.ou })),
    ...UT_POSTS.map((p) => ({ ...p, campusId: CAMPUS_IDS.ut })),
  ];
  // Spread over the last two weeks, oldest first, so the feed reads like a real one; the
  // students joined (their 'new user' posts) just before.
  const start = Date.now() - 14 * 24 * 60 * 60 * 1000;
  const joined = new Date(start - 60 * 60 * 1000);
  await db
    .update(posts)
    .set({ createdAt: joined, lastModified: joined })
    .where(
      and(
        inArray(
          posts.userId,
          rows.map((u) => u.id),
        ),
        eq(posts.type, 'new user'),
      ),
    );
  const step = (14 * 24 * 60 * 60 * 1000) / all.length;
  let created = 0;
  for (const [i, item] of all.entries()) {
    const campus = campusById(item.campusId);
    if (!campus) continue;
    let t = start + i * step;
    // Each write (the post, then its comments and replies) happens 7 minutes after the last.
    const clock: Clock = {
      now: () => {
        t += 7 * 60 * 1000;
        return new Date(t);
      },
    };
    const postDeps = { db, storage, clock, log };
    const staged = await stageFiles(
      await Promise.all(
        (item.photos ?? []).map(async (label, n) => ({
          bytes: await demoPhoto(label, i + n),
          originalName: `${label}.jpg`,
        })),
      ),
    );
    const post = await createPost(postDeps, session(item.by), campus, {
      body: {
        plainText: item.text,
        category: (item.category ?? null) as PostUpload['body']['category'],
        priceCents: item.price === undefined ? null : item.price * 100,
        parentId: null,
      },
      ...staged,
    });
    for (const comment of item.comments ?? []) {
      const c = await createPost(postDeps, session(comment.by), campus, {
        body: { plainText: comment.text, category: null, priceCents: null, parentId: post.id },
        files: [],
        dispose: async () => {},
      });
      for (const reply of comment.replies ?? []) {
        await createPost(postDeps, session(reply.by), campus, {
          body: { plainText: reply.text, category: null, priceCents: null, parentId: c.id },
          files: [],
          dispose: async () => {},
        });
      }
    }
    for (const fan of item.savedBy ?? []) await toggleLike(postDeps, session(fan), campus, post.id);
    created += 1;
  }
  return created;
}
