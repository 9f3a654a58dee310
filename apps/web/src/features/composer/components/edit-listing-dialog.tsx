import { LISTING_MESSAGES } from '@campus/contract';
import { Modal } from '@/components/ui/modal.tsx';
import { composerUiStore } from '../lib/composer-store.ts';
import { restoreFocusLater } from '../lib/focus.ts';
import { EditListingForm } from './edit-listing-form.tsx';

/** The desktop edit dialog (docs/product/selling.md#editing-a-listing), loaded with the composer's code. */
export function EditListingDialog({ postId, opener }: { postId: string; opener: HTMLElement | null }) {
  const close = () => {
    composerUiStore.closeEdit();
    restoreFocusLater(opener);
  };
  return (
    <Modal open onOpenChange={(open) => !open && close()} title={LISTING_MESSAGES.editListing}>
      <EditListingForm postId={postId} presentation="dialog" onSaved={close} />
    </Modal>
  );
}
