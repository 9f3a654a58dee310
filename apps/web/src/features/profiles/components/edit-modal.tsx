import type { ReactNode } from 'react';
import { Modal } from '@/components/ui/modal.tsx';

export interface EditModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The small modal of one profile edit (Edit Display Name, Edit Bio). The form inside is
 * mounted only while open, so every opening starts from the saved value; `close` ends it.
 */
export function EditModal({
  title,
  open,
  onOpenChange,
  children,
}: EditModalProps & { title: string; children: (close: () => void) => ReactNode }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} size="sm">
      {open && children(() => onOpenChange(false))}
    </Modal>
  );
}
