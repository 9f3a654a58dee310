import {
  MeResponseSchema,
  type Post,
  PostListSchema,
  PostPageSchema,
  PostSchema,
  PublicProfileSchema,
} from '@campus/contract';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler, responseJsonSchema } from './serializer.ts';

const post = (id: string, over: Partial<Post> = {}): Post => ({
  id,
  campusId: 'campus-1',
  type: 'post',
  author: { id: 'u1', username: 'sam', firstName: 'Sam', lastName: 'Lee', img: null, verified: true },
  plainText: 'Desk lamp "vintage" \\ 100%\n<b>ok</b> \u2028 é 🚲',
  category: 'furniture',
  priceCents: 1500,
  condition: 'like new',
  status: 'available',
  expired: false,
  editedAt: null,
  previousPriceCents: null,
  parentId: null,
  rootId: null,
  media: [{ kind: 'image', url: '/media/a/feed.webp', fullUrl: '/media/a/full.webp', width: 1200, height: null }],
  likesCount: 3,
  commentsCount: 0,
  likedByViewer: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  lastModified: '2026-11-23T10:00:00.000Z',
  ...over,
});

function serializers(schema: z.ZodType) {
  const route = { schema, method: 'GET', url: '/test', httpStatus: '200' } as never;
  return {
    production: compiledSerializerCompiler({ validate: false })(route) as (data: unknown) => string,
    checked: compiledSerializerCompiler({ validate: true })(route) as (data: unknown) => string,
    zod: zodSerializerCompiler(route) as (data: unknown) => string,
  };
}

describe('compiled response serializers', () => {
  it('have a JSON Schema form for the hot paths: feed, post page, post, profile, me', () => {
    for (const schema of [PostListSchema, PostPageSchema, PostSchema, PublicProfileSchema, MeResponseSchema]) {
      expect(responseJsonSchema(schema)).toBeDefined();
    }
  });

  it('write the same JSON as Zod + JSON.stringify (nulls, escapes, nested replies)', () => {
    const list = {
      posts: [post('a'), post('b', { category: null, priceCents: null, media: [], author: { ...post('x').author } })],
      nextCursor: null,
    };
    const feed = serializers(PostListSchema);
    expect(feed.production(list)).toBe(feed.zod(list));
    expect(JSON.parse(feed.production(list))).toEqual(list);

    const page = {
      post: post('p'),
      ancestors: [post('q')],
      comments: [{ ...post('c1', { parentId: 'p' }), replies: [{ ...post('c2', { parentId: 'c1' }), replies: [] }] }],
    };
    const pages = serializers(PostPageSchema);
    expect(pages.production(page)).toBe(pages.zod(page));
    expect(pages.checked(page)).toBe(pages.zod(page));
  });

  it('write only the properties the contract names, so a presenter cannot leak a field', () => {
    const leaky = { posts: [{ ...post('a'), email: 'sam@ou.edu', author: { ...post('a').author, phone: '555' } }] };
    const { production } = serializers(PostListSchema);
    const written = production({ ...leaky, nextCursor: null });
    expect(written).not.toContain('sam@ou.edu');
    expect(written).not.toContain('555');
  });

  it('outside production, a response that breaks the contract fails instead of being written', () => {
    const { checked, production } = serializers(PostListSchema);
    const broken = { posts: [{ ...post('a'), likesCount: 'many' }], nextCursor: null };
    expect(() => checked(broken)).toThrow(/Response doesn't match the schema/);
    // In production a missing required property still fails (never a half-written answer).
    expect(() => production({ posts: [{ id: 'a' }], nextCursor: null })).toThrow();
  });

  it('write a nullable enum inside a union: null and each value (a moderation state in the queue)', () => {
    const schema = z.object({
      content: z.discriminatedUnion('type', [
        z.object({ type: z.literal('a'), state: z.enum(['hidden', 'removed']).nullable() }),
        z.object({ type: z.literal('b') }),
      ]),
    });
    const { production, zod } = serializers(schema);
    for (const value of [
      { content: { type: 'a', state: null } },
      { content: { type: 'a', state: 'hidden' } },
      { content: { type: 'b' } },
    ]) {
      expect(production(value)).toBe(zod(value));
    }
  });
});
