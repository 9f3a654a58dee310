import type * as RadixDialog from '@radix-ui/react-dialog';
import { ArrowLeft, X } from 'lucide-react';
import type { ComponentProps, CSSProperties, ReactNode } from 'react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { lazyModule } from '@/lib/lazy-module.ts';
import { safeGoBack } from '@/lib/navigation.ts';
import { IconButton, IconLink } from './button.tsx';
import styles from './modal.module.css';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Heading of the dialog; every dialog has an accessible name. */
  title: string;
  /** Keep the title for screen readers only (e.g. a composer whose content speaks for itself). */
  hideTitle?: boolean;
  description?: string;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/**
 * Alerts sit above every dialog (e.g. 'Only photos are allowed!' while a modal is open);
 * dismissing one is not a click outside the dialog and must not close it. Radix reports a
 * pointer-down outside only once the click is over, when the dismissed alert has already left
 * the page: a target no longer in the document was such a passing element, not the backdrop.
 */
function keepOpenForAlerts(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (!target.isConnected || target.closest('[data-alert-region]')) event.preventDefault();
}

const prevent = (event: Event) => event.preventDefault();

/**
 * Radix's dialog (with its focus trap, scroll lock and portal) is not part of the entry
 * JavaScript (decision 022): the app shell loads it when the browser is idle, and a dialog
 * asked to open before then loads it at once and appears when it arrives. A closed dialog
 * draws nothing either way, so nothing waits for it.
 */
export const radixDialog = lazyModule(() => import('@radix-ui/react-dialog'));

/** The loaded dialog module, for the parts drawn inside an open DialogShell (loaded by then). */
function useLoadedDialog(): typeof RadixDialog {
  const Dialog = radixDialog.useModule();
  if (!Dialog) throw new Error('dialog parts belong inside a DialogShell');
  return Dialog;
}

/** Where a dialog sits at 769 px or less: a whole page, a centred card, or a sheet from the bottom edge. */
type DialogLayout = 'page' | 'card' | 'sheet';

interface DialogShellProps {
  open: boolean;
  /** Absent: the dialog cannot be dismissed (no Escape, no outside click), e.g. a progress bar. */
  onOpenChange?: (open: boolean) => void;
  layout: DialogLayout;
  /** Size and inner layout of the panel (width, padding, alignment); the frame comes from here. */
  className?: string;
  /** 'alertdialog' for a question that needs an answer. */
  role?: 'dialog' | 'alertdialog';
  /** False when the content has no DialogDescription (Radix would otherwise warn). */
  described?: boolean;
  onCloseAutoFocus?: (event: Event) => void;
  /** The backdrop's look (e.g. a clear one behind a popover on wide screens). */
  overlayClassName?: string;
  /** Inline style of the panel (e.g. where a popover is anchored). */
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The one dialog frame of the app (docs/architecture.md#layers-and-module-faces: modals only through ui/modal): the
 * overlay, focus trap, Escape and outside clicks, and the panel in one of three layouts.
 * Modal, ConfirmDialog and ProgressModal are built on it; so is any dialog with its own look
 * (the sign-in sheet, a school's card), which then brings only its inner layout.
 */
export function DialogShell({
  open,
  onOpenChange,
  layout,
  className,
  role,
  described = false,
  onCloseAutoFocus,
  overlayClassName,
  style,
  children,
}: DialogShellProps) {
  const dismissible = onOpenChange !== undefined;
  const Dialog = radixDialog.useModule();
  useEffect(() => {
    if (open) radixDialog.load().catch(() => onOpenChange?.(false));
  }, [open, onOpenChange]);
  if (!Dialog) return null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={[styles.overlay, overlayClassName].filter(Boolean).join(' ')} />
        <Dialog.Content
          className={[styles.content, styles[layout], className].filter(Boolean).join(' ')}
          style={style}
          onCloseAutoFocus={onCloseAutoFocus}
          onInteractOutside={dismissible ? keepOpenForAlerts : prevent}
          {...(dismissible ? {} : { onEscapeKeyDown: prevent, onPointerDownOutside: prevent })}
          {...(described ? {} : { 'aria-describedby': undefined })}
          // Radix gives the panel role="dialog"; an explicit undefined would take it away.
          {...(role ? { role } : {})}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function DialogTitle(props: ComponentProps<typeof RadixDialog.Title>) {
  const Dialog = useLoadedDialog();
  return <Dialog.Title {...props} />;
}

export function DialogDescription(props: ComponentProps<typeof RadixDialog.Description>) {
  const Dialog = useLoadedDialog();
  return <Dialog.Description {...props} />;
}

export function DialogClose(props: ComponentProps<typeof RadixDialog.Close>) {
  const Dialog = useLoadedDialog();
  return <Dialog.Close {...props} />;
}

/** The × of a dialog. */
export function DialogCloseButton({ className }: { className?: string }) {
  const Dialog = useLoadedDialog();
  return (
    <Dialog.Close asChild>
      <IconButton label="Close" className={className}>
        <X aria-hidden="true" size={20} />
      </IconButton>
    </Dialog.Close>
  );
}

/** A dialog on wide screens; at 769 px or less it covers the whole screen like a page. */
export function Modal({ open, onOpenChange, title, hideTitle, description, size = 'md', children }: ModalProps) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      layout="page"
      className={styles[size]}
      described={!!description}
    >
      <div className={styles.header}>
        <DialogCloseButton />
        <DialogTitle className={hideTitle ? 'visually-hidden' : styles.title}>{title}</DialogTitle>
      </div>
      {description && <DialogDescription className="visually-hidden">{description}</DialogDescription>}
      <div className={styles.body}>{children}</div>
    </DialogShell>
  );
}

/** The page a `goBack` query parameter points at, if it is a path of this site. */
export function useGoBack(fallback: string): string {
  const [params] = useSearchParams();
  return safeGoBack(params.get('goBack'), fallback);
}

interface ModalPageProps {
  title: string;
  /** Where the back button goes when the URL has no usable goBack. */
  fallback: string;
  children: ReactNode;
}

/**
 * Full-page form of a modal for narrow screens (/create/post?goBack=/home …): the same
 * content as the dialog, with a back button to the page that opened it.
 */
export function ModalPage({ title, fallback, children }: ModalPageProps) {
  const backTo = useGoBack(fallback);
  return (
    <div className={styles.routePage}>
      <header className={`${styles.header} ${styles.pageHeader}`}>
        <IconLink to={backTo} label="Back">
          <ArrowLeft aria-hidden="true" size={20} />
        </IconLink>
        <h1 className={styles.title}>{title}</h1>
      </header>
      <main className={styles.body}>{children}</main>
    </div>
  );
}
