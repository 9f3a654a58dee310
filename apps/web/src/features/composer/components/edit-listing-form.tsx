import {
  ALERT_TIMING,
  type EditablePost,
  LISTING_MESSAGES,
  POST_DETAIL_MESSAGES,
  POST_MESSAGES,
  PROGRESS_MODAL_TEXTS,
} from '@campus/contract';
import { useQueryClient } from '@tanstack/react-query';
import {
  type ChangeEvent,
  type FormEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Avatar } from '@/components/ui/avatar.tsx';
import { Button } from '@/components/ui/button.tsx';
import { ErrorState } from '@/components/ui/list-states.tsx';
import { ProgressModal } from '@/components/ui/progress-modal.tsx';
import { storeAlert } from '@/components/ui/stored-alert.ts';
import { paths } from '@/config/paths.ts';
import { ApiError } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { useViewer } from '@/lib/viewer.ts';
import { editPost, useEditablePostQuery } from '../api/edit-post.ts';
import {
  addEditFiles,
  canSaveEditDraft,
  type EditDraft,
  editDraftCount,
  editDraftFrom,
  editDraftToFormData,
  moveEditMedia,
  removeEditMedia,
} from '../lib/edit-draft.ts';
import { FILE_ALERTS, leaveOutFakePhotos } from '../lib/file-rules.ts';
import { createThrottle } from '../lib/throttle.ts';
import { AddMediaButton } from './add-media-button.tsx';
import { CategoryMenu } from './category-field.tsx';
import { CharacterCounter } from './character-counter.tsx';
import styles from './composer.module.css';
import { COMPOSER_TEXTS } from './composer-form.tsx';
import { ComposerSkeleton, EditorFallback } from './composer-skeleton.tsx';
import { ConditionField } from './condition-field.tsx';
import { EditMediaList } from './edit-media-list.tsx';
import { PriceField } from './price-field.tsx';

const ComposerEditor = lazy(() => import('../editor/composer-editor.tsx'));

type EditPresentation = 'dialog' | 'page';

interface EditListingFormProps {
  postId: string;
  presentation: EditPresentation;
  /** Dialog: saved (the dialog closes). */
  onSaved?: () => void;
  /** Whether something was changed and not saved (closing then asks first). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Editing one's listing (docs/product/selling.md#editing-a-listing): the composer's editor, price,
 * category and condition, and the photos with add, remove and reorder, at most 10. Loads the
 * listing as saved; the upload's progress shows as the composer's does.
 */
export function EditListingForm({ postId, presentation, onSaved, onDirtyChange }: EditListingFormProps) {
  const query = useEditablePostQuery(postId);
  if (query.isPending) return <ComposerSkeleton />;
  if (query.isError) {
    const gone = query.error instanceof ApiError && query.error.status === 404;
    return gone ? (
      <p className={styles.editError} role="alert">
        {POST_DETAIL_MESSAGES.postGone}
      </p>
    ) : (
      <ErrorState onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  }
  return (
    <LoadedForm
      key={postId}
      post={query.data}
      presentation={presentation}
      onSaved={onSaved}
      onDirtyChange={onDirtyChange}
    />
  );
}

function LoadedForm({
  post,
  presentation,
  onSaved,
  onDirtyChange,
}: { post: EditablePost } & Omit<EditListingFormProps, 'postId'>) {
  const [initial] = useState<EditDraft>(() => editDraftFrom(post));
  const [draft, setDraft] = useState<EditDraft>(initial);
  const dirty = draft !== initial;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  const [progress, setProgress] = useState<number | null>(null);
  const viewer = useViewer();
  const { showAlert } = useAlert();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const throttle = useRef(createThrottle(ALERT_TIMING.tooManyCharactersDebounceMs));
  const counterId = useId();
  const sending = useRef(false);
  const urls = useRef(new Set<string>());
  // The draft as of the last render or change, for the file picker's answer (it comes back later).
  const latest = useRef(draft);
  latest.current = draft;
  const pending = progress !== null;
  const canSave = canSaveEditDraft(draft) && !pending;

  // The previews of new files are freed when the form goes.
  useEffect(() => {
    const created = urls.current;
    return () => {
      for (const url of created) URL.revokeObjectURL(url);
    };
  }, []);

  const handleTextChange = useCallback(
    (blocks: string[], editorState: unknown) => setDraft((d) => ({ ...d, blocks, editorState })),
    [],
  );
  const handleBlocked = useCallback(
    () => throttle.current(() => showAlert(POST_MESSAGES.tooManyCharacters, { type: 'danger' })),
    [showAlert],
  );
  const handleFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    const { kept, fakes } = await leaveOutFakePhotos(chosen);
    const added = addEditFiles(latest.current, kept, (file) => {
      const url = URL.createObjectURL(file);
      urls.current.add(url);
      return url;
    });
    latest.current = added.draft;
    setDraft(added.draft);
    const alert = added.selection.alert;
    const shown = fakes > 0 ? 'onlyPhotosAndVideos' : alert;
    if (shown) showAlert(FILE_ALERTS[shown].message, FILE_ALERTS[shown].options);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave || sending.current) return;
    sending.current = true;
    setProgress(0);
    try {
      await editPost(post.id, editDraftToFormData(draft), { onProgress: setProgress });
    } catch (error) {
      sending.current = false;
      setProgress(null);
      const own = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message;
      showAlert(own || POST_MESSAGES.submitFailed, { type: 'danger' });
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.posts.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.post.detail(post.id) }),
    ]);
    onDirtyChange?.(false);
    if (presentation === 'dialog') {
      sending.current = false;
      setProgress(null);
      onSaved?.();
      showAlert(LISTING_MESSAGES.saved, { type: 'success' });
      return;
    }
    storeAlert(LISTING_MESSAGES.saved, { type: 'success' });
    navigate(paths.post.getHref(post.id), { replace: true });
  };

  return (
    <form
      className={styles.form}
      data-presentation={presentation}
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label={LISTING_MESSAGES.editListing}
    >
      <div className={styles.row}>
        <Avatar className={styles.avatar} src={viewer?.imgSmall} size={44} />
        <div className={styles.main}>
          <Suspense fallback={<EditorFallback placeholder={COMPOSER_TEXTS.postPlaceholder} />}>
            <ComposerEditor
              initialState={draft.editorState}
              placeholder={COMPOSER_TEXTS.postPlaceholder}
              label={COMPOSER_TEXTS.postLabel}
              describedBy={counterId}
              onChange={handleTextChange}
              onBlocked={handleBlocked}
            />
          </Suspense>
          <EditMediaList
            media={draft.media}
            onMove={(key, by) => setDraft((d) => moveEditMedia(d, key, by))}
            onRemove={(key) => setDraft((d) => removeEditMedia(d, key))}
          />
          <div className={styles.details}>
            <CategoryMenu value={draft.category} onChange={(category) => setDraft((d) => ({ ...d, category }))} />
            <PriceField value={draft.priceText} onChange={(priceText) => setDraft((d) => ({ ...d, priceText }))} />
            <ConditionField value={draft.condition} onChange={(condition) => setDraft((d) => ({ ...d, condition }))} />
          </div>
        </div>
      </div>
      <div className={styles.toolbar}>
        <AddMediaButton label={COMPOSER_TEXTS.addMedia} onFiles={(event) => void handleFiles(event)} />
        <span className={styles.spacer} />
        <CharacterCounter id={counterId} count={editDraftCount(draft)} />
        <Button type="submit" className={styles.submit} disabled={!canSave}>
          {pending ? LISTING_MESSAGES.saving : LISTING_MESSAGES.saveChanges}
        </Button>
      </div>
      <ProgressModal
        open={pending}
        title={
          draft.media.some((m) => m.source === 'new') ? POST_MESSAGES.uploadingPhotos : POST_MESSAGES.uploadingPost
        }
        description={PROGRESS_MODAL_TEXTS.longWait}
        progress={progress ?? 0}
      />
    </form>
  );
}
