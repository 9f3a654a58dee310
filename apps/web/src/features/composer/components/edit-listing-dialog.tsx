import { LISTING_MESSAGES } from '@campus/contract';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { Modal } from '@/components/ui/modal.tsx';
import { composerUiStore } from '../lib/composer-store.ts';
import { restoreFocusLater } from '../lib/focus.ts';
import { EditListingForm } from './edit-listing-form.tsx';

/** The desktop edit dialog (docs/product/selling.md#editing-a-listing), loaded with the composer's code. */
export function EditListingDialog({ postId, opener }: { postId: string; opener: HTMLElement | null }) {
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    composerUiStore.closeEdit();
    restoreFocusLater(opener);
  };
  const handleOpenChange = (open: boolean) => {
    if (open) return;
    // Closing with unsaved changes asks first, as the composer does with a draft.
    if (dirty) setConfirming(true);
    else close();
  };
  return (
    <>
      <Modal open onOpenChange={handleOpenChange} title={LISTING_MESSAGES.editListing}>
        <EditListingForm postId={postId} presentation="dialog" onSaved={close} onDirtyChange={setDirty} />
      </Modal>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={LISTING_MESSAGES.discardChangesTitle}
        body={LISTING_MESSAGES.discardChangesBody}
        confirmLabel={LISTING_MESSAGES.discard}
        cancelLabel={LISTING_MESSAGES.keepEditing}
        tone="danger"
        onConfirm={() => {
          setConfirming(false);
          close();
        }}
      />
    </>
  );
}
