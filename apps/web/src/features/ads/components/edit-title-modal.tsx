import { AD_MESSAGES, type Ad, LIMITS } from '@campus/contract';
import { type FormEvent, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useUpdateAdTitle } from '../api/update-ad-title.ts';
import styles from './my-ads.module.css';

const TEXTS = { title: 'Edit Title', field: 'Ad title', save: 'Save', saving: 'Saving...' } as const;

function TitleForm({ ad, onDone }: { ad: Ad; onDone: () => void }) {
  const [title, setTitle] = useState(ad.title);
  const save = useUpdateAdTitle(ad.id);
  const { showAlert } = useAlert();
  const trimmed = title.trim();
  // Save is disabled when the title is empty or unchanged (docs/product/boosting.md#ad-title-rules).
  const disabled = trimmed === '' || trimmed === ad.title || save.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    save.mutate(
      { title: trimmed },
      {
        onSuccess: () => {
          showAlert(AD_MESSAGES.titleSaved, { type: 'success' });
          onDone();
        },
        // The server's words when it has them, else 'Something went wrong' (docs/product/boosting.md#boosting-messages).
        onError: (error) =>
          showAlert(error instanceof ApiError ? error.message : AD_MESSAGES.titleSaveFailed, { type: 'danger' }),
      },
    );
  };

  return (
    <form className={styles.titleForm} onSubmit={handleSubmit} noValidate>
      <TextField
        label={TEXTS.field}
        value={title}
        maxLength={LIMITS.adTitleMax}
        hint={`${title.length} / ${LIMITS.adTitleMax}`}
        onChange={(event) => setTitle(event.target.value)}
      />
      <Button type="submit" size="lg" block disabled={disabled}>
        {save.isPending ? TEXTS.saving : TEXTS.save}
      </Button>
    </form>
  );
}

/** Renames an ad (docs/product/boosting.md#ad-title-rules: at most 50 characters; 'Saved changes!'). */
export function EditTitleModal({
  ad,
  open,
  onOpenChange,
}: {
  ad: Ad;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={TEXTS.title} size="sm">
      {open && <TitleForm ad={ad} onDone={() => onOpenChange(false)} />}
    </Modal>
  );
}
