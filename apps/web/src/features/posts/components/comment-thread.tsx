import type { Post, PostThreadNode } from '@campus/contract';
import { CornerDownRight, MessageCircleReply, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar.tsx';
import { paths } from '@/config/paths.ts';
import { useViewer } from '@/lib/viewer.ts';
import { indentsReplies } from '../lib/thread.ts';
import { AuthorLine, fullName } from './author-line.tsx';
import styles from './comment-thread.module.css';
import { DeletePostDialog } from './delete-post-dialog.tsx';
import actionStyles from './post-actions.module.css';
import { ACTION_TEXTS, SaveButton, useCommentOn } from './post-actions.tsx';
import { PostMediaStrip } from './post-media.tsx';
import { PostText } from './post-text.tsx';

const DELETE = 'Delete';

interface CommentProps {
  node: PostThreadNode;
  depth: number;
  /** Set past the indent cap, where the nesting no longer shows whom a reply answers. */
  replyingTo?: Post['author'];
}

function Comment({ node, depth, replyingTo }: CommentProps) {
  const viewer = useViewer();
  const commentOn = useCommentOn();
  const [deleting, setDeleting] = useState(false);
  const isAuthor = viewer?.id === node.author.id;
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
            <button type="button" className={actionStyles.action} onClick={() => commentOn(node)}>
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
          </div>
        </div>
      </article>
      {node.replies.length > 0 && (
        <ul className={nested ? styles.replies : styles.repliesFlat}>
          {node.replies.map((reply) => (
            <Comment key={reply.id} node={reply} depth={depth + 1} replyingTo={nested ? undefined : node.author} />
          ))}
        </ul>
      )}
      {deleting && (
        // The page refetches its thread once the comment is gone (useDeletePost).
        <DeletePostDialog post={node} open={deleting} onOpenChange={setDeleting} />
      )}
    </li>
  );
}

/** Comments and their replies at any depth: each level steps in with a line, up to four levels. */
export function CommentThread({ comments }: { comments: PostThreadNode[] }) {
  return (
    <ul className={styles.thread}>
      {comments.map((node) => (
        <Comment key={node.id} node={node} depth={0} />
      ))}
    </ul>
  );
}
