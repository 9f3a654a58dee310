import { ALERT_TIMING, POST_MESSAGES, PROGRESS_MODAL_TEXTS } from '@campus/contract';
import { type ChangeEvent, type FormEvent, lazy, Suspense, useCallback, useId, useRef } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ProgressModal } from '@/components/ui/progress-modal.tsx';
import { useViewer } from '@/lib/viewer.ts';
import { type ComposerPresentation, useSubmitDraft } from '../hooks/use-submit-draft.ts';
import { canSubmitDraft, draftCount, draftKeyFor, draftStore, useDraft } from '../lib/draft-store.ts';
import { FILE_ALERTS, leaveOutFakePhotos } from '../lib/file-rules.ts';
import { createThrottle } from '../lib/throttle.ts';
import { AddMediaButton } from './add-media-button.tsx';
import { CategoryLink, CategoryMenu } from './category-field.tsx';
import { CharacterCounter } from './character-counter.tsx';
import styles from './composer.module.css';
import { EditorFallback } from './composer-skeleton.tsx';
import { ConditionField } from './condition-field.tsx';
import { MediaPreviews } from './media-previews.tsx';
import { PriceField } from './price-field.tsx';

// The chunk lib/load.ts preloads when the composer is about to open (the same module, so one fetch).
const ComposerEditor = lazy(() => import('../editor/composer-editor.tsx'));

export const COMPOSER_TEXTS = {
  postPlaceholder: 'What are you selling?',
  commentPlaceholder: 'Write a comment',
  postLabel: 'Post text',
  commentLabel: 'Comment text',
  addMedia: 'Add photos or videos',
  post: 'Post',
  reply: 'Reply',
} as const;

export interface ComposerFormProps {
  /** The post or comment answered; null for a new post. */
  parentId: string | null;
  presentation: ComposerPresentation;
  /** Dialog: the post went out (the dialog closes). */
  onPosted?: () => void;
  /** Page: the /create/categories address that returns here. */
  categoriesHref?: string;
  /** This composer's own address, for profile set-up to come back to. */
  composeHref: string;
}

/**
 * The composer: text (Lexical, loaded on demand), photos and videos, and for a new post a
 * category and a price. The draft lives in the draft store, so nothing is lost when the
 * composer unmounts on the way to the category page, or when sending fails.
 */
export default function ComposerForm({
  parentId,
  presentation,
  onPosted,
  categoriesHref,
  composeHref,
}: ComposerFormProps) {
  const draftKey = draftKeyFor(parentId);
  const draft = useDraft(draftKey);
  const viewer = useViewer();
  const { showAlert } = useAlert();
  const throttle = useRef(createThrottle(ALERT_TIMING.tooManyCharactersDebounceMs));
  const counterId = useId();
  const { submit, upload } = useSubmitDraft({ draftKey, parentId, presentation, onPosted, composeHref });
  const isComment = parentId !== null;
  const pending = upload !== null;
  const canSubmit = canSubmitDraft(draft) && !pending;

  const handleTextChange = useCallback(
    (blocks: string[], editorState: unknown) => draftStore.setText(draftKey, blocks, editorState),
    [draftKey],
  );
  const handleBlocked = useCallback(
    () => throttle.current(() => showAlert(POST_MESSAGES.tooManyCharacters, { type: 'danger' })),
    [showAlert],
  );
  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again still reports a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    const { kept, fakes } = await leaveOutFakePhotos(chosen);
    const { alert } = draftStore.addFiles(draftKey, kept);
    // A file of another type says so first, as selectPostFiles orders its alerts.
    const shown = fakes > 0 ? 'onlyPhotosAndVideos' : alert;
    if (shown) showAlert(FILE_ALERTS[shown].message, FILE_ALERTS[shown].options);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmit) void submit(draft);
  };

  const placeholder = isComment ? COMPOSER_TEXTS.commentPlaceholder : COMPOSER_TEXTS.postPlaceholder;
  return (
    <form className={styles.form} data-presentation={presentation} onSubmit={handleSubmit} noValidate>
      <div className={styles.row}>
        <Avatar className={styles.avatar} src={viewer?.imgSmall} size={44} />
        <div className={styles.main}>
          <Suspense fallback={<EditorFallback placeholder={placeholder} />}>
            <ComposerEditor
              // A cleared draft starts a fresh, empty editor.
              key={draft.version}
              initialState={draft.editorState}
              placeholder={placeholder}
              label={isComment ? COMPOSER_TEXTS.commentLabel : COMPOSER_TEXTS.postLabel}
              describedBy={counterId}
              onChange={handleTextChange}
              onBlocked={handleBlocked}
            />
          </Suspense>
          <MediaPreviews files={draft.files} onRemove={(id) => draftStore.removeFile(draftKey, id)} />
          {!isComment && (
            <div className={styles.details}>
              {presentation === 'dialog' || !categoriesHref ? (
                <CategoryMenu value={draft.category} onChange={(value) => draftStore.setCategory(draftKey, value)} />
              ) : (
                <CategoryLink value={draft.category} to={categoriesHref} />
              )}
              <PriceField value={draft.priceText} onChange={(text) => draftStore.setPriceText(draftKey, text)} />
              <ConditionField value={draft.condition} onChange={(value) => draftStore.setCondition(draftKey, value)} />
            </div>
          )}
        </div>
      </div>
      <div className={styles.toolbar}>
        <AddMediaButton label={COMPOSER_TEXTS.addMedia} onFiles={(event) => void handleFiles(event)} />
        <span className={styles.spacer} />
        <CharacterCounter id={counterId} count={draftCount(draft)} />
        <Button type="submit" className={styles.submit} disabled={!canSubmit}>
          {pending ? POST_MESSAGES.processing : isComment ? COMPOSER_TEXTS.reply : COMPOSER_TEXTS.post}
        </Button>
      </div>
      <ProgressModal
        open={pending}
        title={upload?.title ?? POST_MESSAGES.uploadingPost}
        description={PROGRESS_MODAL_TEXTS.longWait}
        progress={upload?.progress ?? 0}
      />
    </form>
  );
}
