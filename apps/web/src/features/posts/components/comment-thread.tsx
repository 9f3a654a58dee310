import { MODERATION_MESSAGES, MODERATION_SCREEN_TEXTS, type Post, type PostThreadNode } from '@campus/contract';
import { CornerDownRight, Flag, MessageCircleReply, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AuthorLine, fullName } from '@/components/post-card/author-line.tsx';
import { DeletePostDialog } from '@/components/post-card/delete-post-dialog.tsx';
import actionStyles from '@/components/post-card/post-actions.module.css';
import { ACTION_TEXTS, SaveButton, useCommentOn } from '@/components/post-card/post-actions.tsx';
import { PostMediaStrip } from '@/components/post-card/post-media.tsx';
import { PostText } from '@/components/post-card/post-text.tsx';
import { indentsReplies } from '@/components/post-card/thread.ts';
import { preloadReportDialog, ReportDialog, useCanReport } from '@/components/report/index.ts';
import { Avatar } from '@/components/ui/avatar.tsx';
import { paths } from '@/config/paths.ts';
import { opensComposer } from '@/lib/composer-trigger.ts';
import { useViewer } from '@/lib/viewer.ts';
import styles from './comment-thread.module.css';

const DELETE = 'Delete';
/** A comment whose replies this page does not all show (THREAD_LIMITS): they open on its own page. */
const MORE_REPLIES = 'View more replies';

interface CommentProps {
  node: PostThreadNode;
  depth: number;
  /** Authors of the comments shown, by id: a reply listed flat names the author it answers. */
  authors: ReadonlyMap<string, Post['author']>;
  /** How many comments below each comment this page shows (the API sends a bounded part). */
  shownBelow: ReadonlyMap<string, number>;
  /** Set past the indent cap, where the nesting no longer shows whom a reply answers. */
  replyingTo?: Post['author'];
}

function Comment({ node, depth, authors, shownBelow, replyingTo }: CommentProps) {
  const viewer = useViewer();
  const commentOn = useCommentOn();
  const [deleting, setDeleting] = useState(false);
  const [reporting, setReporting] = useState(false);
  const isAuthor = viewer?.id === node.author.id;
  const canReport = useCanReport(node.author.id);
  const name = fullName(node.author);
  const nested = indentsReplies(depth);
  return (
    <li className={styles.item}>
      <article className={styles.comment} aria-label={`Comment by ${name}`}>
        <Link
          to={paths.profile.getHref(node.author.username)}
          className={styles.avatar}
          tabIndex={-1}
          aria-hidden="true"
        >
          <Avatar src={node.author.img} size={36} />
        </Link>
        <div className={styles.body}>
          <AuthorLine author={node.author} createdAt={node.createdAt} postId={node.id} />
          {replyingTo && (
            <p className={styles.replyingTo}>
              <CornerDownRight aria-hidden="true" size={14} />
              <span>
                Replying to <Link to={paths.profile.getHref(replyingTo.username)}>@{replyingTo.username}</Link>
              </span>
            </p>
          )}
          <PostText text={node.plainText} preview />
          <PostMediaStrip media={node.media} ownerName={node.author.firstName} />
          <div className={styles.actions}>
            <button type="button" className={actionStyles.action} {...opensComposer} onClick={() => commentOn(node)}>
              <MessageCircleReply aria-hidden="true" size={16} />
              <span>{ACTION_TEXTS.reply}</span>
            </button>
            <SaveButton post={node} />
            {isAuthor && (
              <button
                type="button"
                className={`${actionStyles.action} ${styles.delete}`}
                onClick={() => setDeleting(true)}
              >
                <Trash2 aria-hidden="true" size={16} />
                <span>{DELETE}</span>
              </button>
            )}
            {canReport && (
              <button
                type="button"
                className={actionStyles.action}
                onPointerEnter={preloadReportDialog}
                onFocus={preloadReportDialog}
                onClick={() => setReporting(true)}
              >
                <Flag aria-hidden="true" size={16} />
                <span>{MODERATION_SCREEN_TEXTS.report}</span>
              </button>
            )}
          </div>
        </div>
      </article>
      {node.replies.length > 0 && (
        <ul className={nested ? styles.replies : styles.repliesFlat}>
          {node.replies.map((reply) => (
            <Comment
              key={reply.id}
              node={reply}
              depth={depth + 1}
              authors={authors}
              shownBelow={shownBelow}
              // Past the nesting the API sends (THREAD_LIMITS), deeper replies come listed flat here.
              replyingTo={nested ? undefined : (authors.get(reply.parentId ?? '') ?? node.author)}
            />
          ))}
        </ul>
      )}
      {node.commentsCount > (shownBelow.get(node.id) ?? 0) && (
        <Link to={paths.post.getHref(node.id)} className={styles.moreReplies}>
          {MORE_REPLIES}
        </Link>
      )}
      {deleting && (
        // The page refetches its thread once the comment is gone (useDeletePost).
        <DeletePostDialog post={node} open={deleting} onOpenChange={setDeleting} />
      )}
      {reporting && (
        <ReportDialog
          target={{ type: 'comment', id: node.id }}
          open={reporting}
          onOpenChange={setReporting}
          title={MODERATION_MESSAGES.reportTitle.comment}
        />
      )}
    </li>
  );
}

/** Comments and their replies at any depth: each level steps in with a line, up to four levels. */
export function CommentThread({ comments }: { comments: PostThreadNode[] }) {
  const { authors, shownBelow } = useMemo(() => {
    const byId = new Map<string, Post['author']>();
    const parents = new Map<string, string | null>();
    const stack = [...comments];
    for (let node = stack.pop(); node; node = stack.pop()) {
      byId.set(node.id, node.author);
      parents.set(node.id, node.parentId);
      stack.push(...node.replies);
    }
    const below = new Map<string, number>();
    for (const id of parents.keys()) {
      for (let up = parents.get(id); up && parents.has(up); up = parents.get(up)) {
        below.set(up, (below.get(up) ?? 0) + 1);
      }
    }
    return { authors: byId, shownBelow: below };
  }, [comments]);
  return (
    <ul className={styles.thread}>
      {comments.map((node) => (
        <Comment key={node.id} node={node} depth={0} authors={authors} shownBelow={shownBelow} />
      ))}
    </ul>
  );
}
