import type { CampusResponse, Post, PublicProfile } from '@campus/contract';
import { formatPrice } from '@/components/post-card/format-post.ts';
import { siteName } from '@/lib/campus.ts';

/**
 * What a page's document says about it in its <head>: the tab title, and the Open Graph and
 * Twitter-card tags link previews (chat apps, social sites) draw a card from (docs/decisions/029-react-19.md).
 * A route's loader returns it as `{ head }`; the server's render writes the deepest one
 * (entry-server.tsx). Link previews are fetched signed out, so what a visitor may see is all a
 * preview ever shows: on a private campus that is the campus, never the listing (decision 031).
 */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute address of the preview image. */
  image?: string;
  type: 'website' | 'article' | 'profile';
}

/** Loader data that carries a head. */
export interface WithHead {
  head?: PageHead;
}

const MAX_TITLE = 70;
const MAX_DESCRIPTION = 200;

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

const absolute = (address: string, campus: CampusResponse) => new URL(address, campus.siteUrl).href;

/** A campus's own card: what a visitor's preview of any page of a private campus shows. */
export function campusHead(campus: CampusResponse): PageHead {
  return {
    title: siteName(campus),
    description: `Buy, sell and socialise with students of ${campus.name}.`,
    image: absolute(campus.logoUrl, campus),
    type: 'website',
  };
}

/** A listing: its first line as the title, the price and campus first in the description, its first photo. */
export function postHead(post: Post, campus: CampusResponse): PageHead {
  const price = formatPrice(post.priceCents);
  const text = post.plainText.trim();
  const firstLine = text.split('\n')[0] ?? '';
  const title = clip(firstLine || `${post.author.firstName}’s post`, MAX_TITLE);
  const photo = post.media.find((item) => item.kind === 'image');
  return {
    title: price ? `${title} · ${price}` : title,
    description: clip([price, siteName(campus), text].filter(Boolean).join(' · '), MAX_DESCRIPTION),
    // The feed size (800 px on its longer side): large enough for a card, a fraction of the full photo.
    image: photo ? absolute(photo.url, campus) : absolute(campus.logoUrl, campus),
    type: 'article',
  };
}

export function profileHead(profile: PublicProfile, campus: CampusResponse): PageHead {
  const name = `${profile.firstName} ${profile.lastName}`;
  return {
    title: `${name} (@${profile.username})`,
    description: clip(profile.bio || `${name} on ${siteName(campus)}.`, MAX_DESCRIPTION),
    image: absolute(profile.img ?? campus.logoUrl, campus),
    type: 'profile',
  };
}
