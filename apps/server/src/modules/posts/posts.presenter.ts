import type { Post, PostMedia, PostThreadNode } from '@campus/contract';
import type { AuthorRow, MediaRow, PostWithAuthor } from './posts.repo.ts';

export interface PresentContext {
  mediaUrl: (key: string) => string;
  mediaByPost: Map<string, MediaRow[]>;
  liked: Set<string>;
}

function presentMedia(row: MediaRow, mediaUrl: (key: string) => string): PostMedia {
  return {
    kind: row.kind,
    url: mediaUrl(row.feedPath),
    fullUrl: mediaUrl(row.path),
    width: row.width,
    height: row.height,
  };
}

/** The author as others see them: never their email, phone or school email. */
function presentAuthor(author: AuthorRow) {
  return {
    id: author.id,
    username: author.username,
    firstName: author.firstName,
    lastName: author.lastName,
    img: author.img ? author.img.replace(/\.webp$/, '-96.webp') : null,
    verified: author.verified,
  };
}

export function presentPost({ post, author }: PostWithAuthor, ctx: PresentContext): Post {
  return {
    id: post.id,
    campusId: post.campusId,
    type: post.type,
    author: presentAuthor(author),
    plainText: post.plainText,
    category: post.category,
    priceCents: post.priceCents,
    parentId: post.postCommentedOn,
    rootId: post.rootId,
    media: (ctx.mediaByPost.get(post.id) ?? []).map((m) => presentMedia(m, ctx.mediaUrl)),
    likesCount: post.likesCount,
    commentsCount: post.commentsCount,
    likedByViewer: ctx.liked.has(post.id),
    createdAt: post.createdAt.toISOString(),
    lastModified: post.lastModified.toISOString(),
  };
}

/** Builds the reply tree of a thread from its rows (oldest first at every level). */
export function buildThread(rootId: string, rows: PostWithAuthor[], ctx: PresentContext): PostThreadNode[] {
  const nodes = new Map<string, PostThreadNode>();
  for (const row of rows) nodes.set(row.post.id, { ...presentPost(row, ctx), replies: [] });
  const top: PostThreadNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.post.id) as PostThreadNode;
    const parentId = row.post.postCommentedOn;
    if (parentId === rootId) top.push(node);
    else nodes.get(parentId ?? '')?.replies.push(node);
  }
  return top;
}
