import { POST_MESSAGES } from '@campus/contract';
import { AtSign, Check, Link2, Mail, Send } from 'lucide-react';
import { useMemberGate } from '@/components/auth-modal/index.ts';
import { Modal } from '@/components/ui/modal.tsx';
import { siteName, useCampus } from '@/lib/campus.ts';
import { useShareByMessage } from './message-share-bridge.tsx';
import styles from './share-modal.module.css';
import { useCopyLink } from './use-copy-link.ts';

const TEXTS = {
  title: 'Share',
  email: 'Email',
  emailHint: 'Send the link by email',
  instagram: 'Instagram',
  copyLink: 'Copy link',
  message: 'Send in a message',
  messageHint: 'To a recent chat or anyone on campus',
} as const;

interface ShareModalProps {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Share (docs/product/community.md#modals): by message (docs/product/messages.md#sharing-a-post-by-message, where the app provides it), by email, the
 * campus Instagram page, or the copied link.
 */
export function ShareModal({ postId, open, onOpenChange }: ShareModalProps) {
  const campus = useCampus();
  const shareByMessage = useShareByMessage();
  const allow = useMemberGate();
  const { copied, copy, link } = useCopyLink(postId);
  const subject = `A post on ${siteName(campus)}`;
  const mailto = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(link)}`;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={TEXTS.title} size="sm">
      <ul className={styles.options}>
        {shareByMessage && (
          <li>
            <button
              type="button"
              className={styles.option}
              onClick={() => {
                onOpenChange(false);
                if (allow('message')) shareByMessage(postId);
              }}
            >
              <span className={styles.icon}>
                <Send aria-hidden="true" size={20} />
              </span>
              <span className={styles.text}>
                <span className={styles.label}>{TEXTS.message}</span>
                <span className={styles.value}>{TEXTS.messageHint}</span>
              </span>
            </button>
          </li>
        )}
        <li>
          <a className={styles.option} href={mailto}>
            <span className={styles.icon}>
              <Mail aria-hidden="true" size={20} />
            </span>
            <span className={styles.text}>
              <span className={styles.label}>{TEXTS.email}</span>
              <span className={styles.value}>{TEXTS.emailHint}</span>
            </span>
          </a>
        </li>
        <li>
          <a
            className={styles.option}
            href={`https://instagram.com/${campus.instagram}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            <span className={styles.icon}>
              <AtSign aria-hidden="true" size={20} />
            </span>
            <span className={styles.text}>
              <span className={styles.label}>{TEXTS.instagram}</span>
              <span className={styles.value}>@{campus.instagram}</span>
            </span>
          </a>
        </li>
        <li>
          <button type="button" className={styles.option} onClick={() => void copy()}>
            <span className={`${styles.icon} ${copied ? styles.done : ''}`}>
              {copied ? <Check aria-hidden="true" size={20} /> : <Link2 aria-hidden="true" size={20} />}
            </span>
            <span className={styles.text}>
              <span className={styles.label}>{TEXTS.copyLink}</span>
              {/* Said here too: while the dialog is open, the page's alert is hidden from screen readers. */}
              <span className={styles.value} aria-live="polite">
                {copied ? POST_MESSAGES.copiedToClipboard : link}
              </span>
            </span>
          </button>
        </li>
      </ul>
    </Modal>
  );
}
