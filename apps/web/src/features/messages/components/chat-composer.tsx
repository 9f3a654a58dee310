import { countPlainText, LIMITS, MEETUP_TEXTS, POST_MESSAGES } from '@campus/contract';
import { ImagePlus, MapPin, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { SuggestMeetupDialog } from '@/components/meetups/index.ts';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useSendMessage } from '../api/send-message.ts';
import styles from './messages.module.css';

/** The 'Too many characters' alert shows at most once in this period (docs/product/community.md#post-text-limit). */
const TOO_MANY_DEBOUNCE_MS = 3000;
const PHOTO_TYPES = 'image/jpeg,image/png,image/gif,image/webp';

const COMPOSER_TEXTS = {
  label: 'Write a message',
  placeholder: 'Start a new message',
  addPhoto: 'Add a photo',
  removePhoto: 'Remove photo',
  send: 'Send',
  onlyPhotos: 'Only photos are allowed!',
} as const;

/**
 * The chat composer: the 500 rule with 'n / 500' (typing past it is blocked and the danger
 * alert shows), one photo at a time, Enter sends and Shift+Enter breaks the line.
 */
export function ChatComposer({ chatId, disabled = false }: { chatId: string; disabled?: boolean }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const lastWarned = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const { showAlert } = useAlert();
  const send = useSendMessage();
  const count = countPlainText(text);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const warnTooMany = () => {
    const now = Date.now();
    if (now - lastWarned.current < TOO_MANY_DEBOUNCE_MS) return;
    lastWarned.current = now;
    showAlert(POST_MESSAGES.tooManyCharacters, { type: 'danger' });
  };

  const onChange = (field: HTMLTextAreaElement) => {
    const value = field.value;
    if (countPlainText(value) > LIMITS.postTextMax && value.length > text.length) {
      warnTooMany();
      return;
    }
    setText(value);
  };

  const canSend = !disabled && !send.isPending && (text.trim() !== '' || file !== null);

  const submit = () => {
    if (!canSend) return;
    send.mutate(
      { chatId, body: { plainText: text, text: text.trim() ? text : undefined }, file },
      {
        onSuccess: () => {
          setText('');
          setFile(null);
          textArea.current?.focus();
        },
        onError: (error) =>
          showAlert(error instanceof ApiError ? error.message : POST_MESSAGES.submitFailed, { type: 'danger' }),
      },
    );
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label={COMPOSER_TEXTS.label}>
      {preview && (
        <div className={styles.previewWrap}>
          <img src={preview} alt="Attachment to send" className={styles.preview} />
          <button
            type="button"
            className={styles.previewRemove}
            aria-label={COMPOSER_TEXTS.removePhoto}
            onClick={() => setFile(null)}
          >
            <X aria-hidden="true" size={16} />
          </button>
        </div>
      )}
      <div className={styles.composerRow}>
        <button
          type="button"
          className={styles.composerIcon}
          aria-label={COMPOSER_TEXTS.addPhoto}
          title={COMPOSER_TEXTS.addPhoto}
          disabled={disabled}
          onClick={() => fileInput.current?.click()}
        >
          <ImagePlus aria-hidden="true" size={22} />
        </button>
        {/* docs/product/safety.md#meet-ups: one of the campus's safe spots, a day and a time. */}
        <button
          type="button"
          className={styles.composerIcon}
          aria-label={MEETUP_TEXTS.suggest}
          title={MEETUP_TEXTS.suggest}
          aria-haspopup="dialog"
          disabled={disabled}
          onClick={() => setSuggesting(true)}
        >
          <MapPin aria-hidden="true" size={22} />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_TYPES}
          hidden
          data-testid="chat-file"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            event.target.value = '';
            if (chosen && !chosen.type.startsWith('image/')) {
              showAlert(COMPOSER_TEXTS.onlyPhotos, { type: 'danger' });
              return;
            }
            setFile(chosen);
          }}
        />
        <textarea
          ref={textArea}
          className={styles.textarea}
          aria-label={COMPOSER_TEXTS.label}
          placeholder={COMPOSER_TEXTS.placeholder}
          rows={1}
          value={text}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className={styles.sendButton}
          aria-label={COMPOSER_TEXTS.send}
          title={COMPOSER_TEXTS.send}
          disabled={!canSend}
        >
          <SendHorizontal aria-hidden="true" size={20} />
        </button>
      </div>
      {suggesting && <SuggestMeetupDialog chatId={chatId} open={suggesting} onOpenChange={setSuggesting} />}
      <p
        className={[styles.counter, count > LIMITS.postTextMax - 20 && styles.counterNear].filter(Boolean).join(' ')}
        aria-live="polite"
      >
        {count} / {LIMITS.postTextMax}
      </p>
    </form>
  );
}
