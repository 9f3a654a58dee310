import { z } from 'zod';
import { CAMPUS_IDS } from './campuses.ts';
import { CATEGORY_VALUES } from './categories.ts';
import { LIMITS } from './constants.ts';
import { CONDITION_VALUES, LISTING_MESSAGES, LISTING_STATUSES } from './listings.ts';
import { POST_MESSAGES } from './messages.ts';
import { MAX_PRICE_CENTS, POST_FILE_LIMITS, POST_TEXT_LIMITS } from './post-limits.ts';
import { countPlainText, hasNulCharacter, isBlankText, jsonValueProblem } from './text-length.ts';

/**
 * Campuses whose feed opens with a fuller first page (25 instead of 15, docs/product/community.md#limits): the busiest ones, where a short first screen runs out quickly.
 */
export const FEED_FIRST_PAGE_CAMPUSES: readonly string[] = [CAMPUS_IDS.ou, CAMPUS_IDS.ut, CAMPUS_IDS.tamu];

export { LIKED_BY_TEXTS, MAX_PRICE_CENTS, POST_FILE_LIMITS, THREAD_LIMITS } from './post-limits.ts';

/**
 * The editor's serialized state as a composer sends it (posts, chat messages): any JSON, bounded
 * in depth and size before anything walks it.
 */
export const EditorStateSchema = z
  .unknown()
  .optional()
  .superRefine((value, ctx) => {
    const problem = jsonValueProblem(value, {
      maxDepth: POST_TEXT_LIMITS.jsonMaxDepth,
      maxChars: POST_TEXT_LIMITS.jsonMaxChars,
    });
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: problem === 'too-large' ? POST_MESSAGES.tooManyCharacters : POST_MESSAGES.submitFailed,
      });
    }
  });

/** The editor's text with one '\n' between blocks, checked against the 500 rule (docs/product/community.md#post-text-limit). */
export const ComposerPlainTextSchema = z
  .string()
  .max(POST_TEXT_LIMITS.plainTextMaxUnits, POST_MESSAGES.tooManyCharacters)
  .default('')
  .refine((t) => !hasNulCharacter(t), POST_MESSAGES.submitFailed)
  .refine((t) => countPlainText(t.trim()) <= LIMITS.postTextMax, POST_MESSAGES.tooManyCharacters);

/**
 * What the composer sends with its files (multipart field `post`, JSON). `text` is the
 * editor's serialized state; `plainText` its text with one '\n' between blocks, which the
 * server checks against the 500-character rule (docs/product/community.md#post-text-limit) and stores for previews.
 */
export const CreatePostBodySchema = z
  .object({
    text: EditorStateSchema,
    // A text of only zero-width or blank characters is no text: the post is then empty.
    plainText: ComposerPlainTextSchema.transform((t) => (isBlankText(t) ? '' : t)),
    category: z.enum(CATEGORY_VALUES).nullable().default(null),
    priceCents: z.number().int().min(0).max(MAX_PRICE_CENTS).nullable().default(null),
    /** The item's condition (docs/product/selling.md), optional. */
    condition: z.enum(CONDITION_VALUES).nullable().default(null),
    /** Set for a comment or reply: the post or comment it answers. */
    parentId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, POST_MESSAGES.submitFailed)
      .nullable()
      .default(null),
  })
  .strict();
export type CreatePostBody = z.input<typeof CreatePostBodySchema>;

/**
 * One place in an edited listing's photo order: a photo or video it already has (by its id in
 * `Post.media[].id`), or the n-th file sent with the edit.
 */
const EditMediaItemSchema = z.union([
  z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, LISTING_MESSAGES.mediaNotFound) }).strict(),
  z
    .object({
      file: z
        .number()
        .int()
        .min(0)
        .max(POST_FILE_LIMITS.maxFiles - 1),
    })
    .strict(),
]);
export type EditMediaItem = z.infer<typeof EditMediaItemSchema>;

/**
 * What the edit form sends (PATCH /api/posts/:id, multipart field `post`, JSON, with the new
 * `files`): the listing's whole new state (docs/product/selling.md#editing-a-listing), with the
 * composer's rules, and `media`, the photos in their new order, at most 10 in all.
 */
export const EditPostBodySchema = z
  .object({
    text: EditorStateSchema,
    plainText: ComposerPlainTextSchema.transform((t) => (isBlankText(t) ? '' : t)),
    category: z.enum(CATEGORY_VALUES).nullable().default(null),
    priceCents: z.number().int().min(0).max(MAX_PRICE_CENTS).nullable().default(null),
    condition: z.enum(CONDITION_VALUES).nullable().default(null),
    media: z.array(EditMediaItemSchema).max(POST_FILE_LIMITS.maxFiles, POST_MESSAGES.tooManyFiles),
  })
  .strict();
export type EditPostBody = z.input<typeof EditPostBodySchema>;

export const PostAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  img: z.string().nullable(),
  verified: z.boolean(),
});
export type PostAuthor = z.infer<typeof PostAuthorSchema>;

export const PostMediaSchema = z.object({
  kind: z.enum(['image', 'video']),
  /** The size for feeds and cards. */
  url: z.string(),
  /** The largest size, for the post page. */
  fullUrl: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type PostMedia = z.infer<typeof PostMediaSchema>;

export const PostSchema = z.object({
  id: z.string(),
  campusId: z.string(),
  type: z.enum(['post', 'new user']),
  author: PostAuthorSchema,
  plainText: z.string(),
  category: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  /** The item's condition, or null when the seller gave none (docs/product/selling.md). */
  condition: z.enum(CONDITION_VALUES).nullable(),
  /** Where the deal stands: available, pending or sold. */
  status: z.enum(LISTING_STATUSES),
  /** Left the feed and search unrenewed (docs/product/selling.md); still on the profile. */
  expired: z.boolean(),
  /** When the owner last edited it ('Edited'), or null. */
  editedAt: z.string().nullable(),
  /** The price before a drop, for the 7 days after it ('$45 ~~$60~~'); otherwise null. */
  previousPriceCents: z.number().int().nullable(),
  parentId: z.string().nullable(),
  rootId: z.string().nullable(),
  media: z.array(PostMediaSchema),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  likedByViewer: z.boolean(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type Post = z.infer<typeof PostSchema>;

/** A comment with its replies, at any depth (docs/product/community.md#post-record). */
export type PostThreadNode = Post & { replies: PostThreadNode[] };
const PostThreadNodeSchema: z.ZodType<PostThreadNode> = z.lazy(() =>
  PostSchema.extend({ replies: z.array(PostThreadNodeSchema) }),
);

export const PostPageSchema = z.object({
  post: PostSchema,
  /** For a reply: the chain of posts above it, top-level post first. */
  ancestors: z.array(PostSchema),
  comments: z.array(PostThreadNodeSchema),
});
export type PostPage = z.infer<typeof PostPageSchema>;

/** Keyset pages: `cursor` is opaque; null when this page was the last. */
export const PostPageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  category: z.string().max(60).optional(),
});

export const PostListSchema = z.object({
  posts: z.array(PostSchema),
  nextCursor: z.string().nullable(),
});
export type PostList = z.infer<typeof PostListSchema>;

export const LikeResponseSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResponse = z.infer<typeof LikeResponseSchema>;

/**
 * GET /api/posts/:postId/liked-by?cursor= — the 'liked by' list (docs/product/community.md#shell-and-layout): the
 * people who saved the post, latest save first, 20 a page; people blocked either way are left out.
 */
export const LikedByPageSchema = z.object({ people: z.array(PostAuthorSchema), nextCursor: z.string().nullable() });
export type LikedByPage = z.infer<typeof LikedByPageSchema>;
export const LIKED_BY_PAGE_SIZE = 20;

/** What the edit form starts from (GET /api/posts/:id/edit, the owner only): the editor's state and the media by id. */
export const EditablePostSchema = z.object({
  id: z.string(),
  /** The editor's serialized state as saved (null for a photo-only post or one made without it). */
  text: z.unknown(),
  plainText: z.string(),
  category: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  condition: z.enum(CONDITION_VALUES).nullable(),
  media: z.array(PostMediaSchema.extend({ id: z.string() })),
});
export type EditablePost = z.infer<typeof EditablePostSchema>;
