import * as Dialog from '@radix-ui/react-dialog';
import { ArrowLeft, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MEDIA, matchesMedia } from '@/lib/media-query.ts';
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
export function keepOpenForAlerts(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  if (!target.isConnected || target.closest('[data-alert-region]')) event.preventDefault();
}

/** A dialog on wide screens; at 769 px or less it covers the whole screen like a page. */
export function Modal({ open, onOpenChange, title, hideTitle, description, size = 'md', children }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.content} ${styles[size]}`}
          onInteractOutside={keepOpenForAlerts}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <Dialog.Close asChild>
              <IconButton label="Close">
                <X aria-hidden="true" size={20} />
              </IconButton>
            </Dialog.Close>
            <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Dialog.Title>
          </div>
          {description && <Dialog.Description className="visually-hidden">{description}</Dialog.Description>}
          <div className={styles.body}>{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
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
    <div className={styles.page}>
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

/**
 * Opens content as a dialog on wide screens, or navigates to its full-page route on narrow
 * ones, passing the current page as goBack. `pageHref` builds that route from goBack.
 */
export function useModalOrPage(pageHref: (goBack: string) => string, openDialog: () => void): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (matchesMedia(MEDIA.mobile)) {
      navigate(pageHref(`${location.pathname}${location.search}`));
    } else {
      openDialog();
    }
  }, [navigate, location.pathname, location.search, pageHref, openDialog]);
}
