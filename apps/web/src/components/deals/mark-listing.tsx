import { DEAL_MESSAGES, type ListingStatus, type Post } from '@campus/contract';
import { BadgeCheck, ChevronDown, Clock, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { buttonClassName } from '@/components/ui/button.tsx';
import menuStyles from '@/components/ui/dropdown-menu.module.css';
import { MenuOnDemand, useLoadedMenu } from '@/components/ui/menu-on-demand.tsx';
import { useMarkListing } from './api.ts';
import { BuyerPickerDialog } from './buyer-picker-dialog.tsx';

/**
 * The owner's Mark as pending / sold / available (docs/product/selling.md#available-pending-sold):
 * pending and sold ask who the buyer is; available is one tap. `initial`: open the sold picker
 * at once (the post page at `?mark=sold`, from 'Is {title} still available?').
 */
export function useListingMarker(post: Post, initial: 'sold' | null = null) {
  const [picking, setPicking] = useState<'pending' | 'sold' | null>(initial);
  const mark = useMarkListing();
  const { showAlert } = useAlert();
  const markAs = (status: ListingStatus) => {
    if (status !== 'available') {
      setPicking(status);
      return;
    }
    mark.mutate(
      { postId: post.id, status, buyerId: null },
      {
        onSuccess: () => showAlert(DEAL_MESSAGES.statusSaved.available, { type: 'success' }),
        onError: (error) => showAlert(error.message, { type: 'danger' }),
      },
    );
  };
  const dialog: ReactNode = picking && (
    <BuyerPickerDialog
      post={post}
      status={picking}
      open
      onOpenChange={(open) => {
        if (!open) setPicking(null);
      }}
    />
  );
  return { markAs, dialog, pending: mark.isPending };
}

const CHOICES: { status: ListingStatus; label: string; icon: ReactNode }[] = [
  { status: 'pending', label: DEAL_MESSAGES.markPending, icon: <Clock aria-hidden="true" size={18} /> },
  { status: 'sold', label: DEAL_MESSAGES.markSold, icon: <BadgeCheck aria-hidden="true" size={18} /> },
  { status: 'available', label: DEAL_MESSAGES.markAvailable, icon: <RotateCcw aria-hidden="true" size={18} /> },
];

/** The menu items for a listing's owner, leaving out the status it already has (pending can be re-picked). */
export function MarkListingItems({ post, markAs }: { post: Post; markAs: (status: ListingStatus) => void }) {
  const DropdownMenu = useLoadedMenu();
  return (
    <>
      {CHOICES.filter((c) => c.status !== post.status || c.status === 'pending').map((c) => (
        <DropdownMenu.Item key={c.status} className={menuStyles.menuItem} onSelect={() => markAs(c.status)}>
          {c.icon}
          {c.label}
        </DropdownMenu.Item>
      ))}
    </>
  );
}

const MARK_AS = 'Mark as…';

/** The post page's owner button: 'Mark as…' opening the three choices, and the buyer picker. */
export function MarkListingMenu({ post, openSold = false }: { post: Post; openSold?: boolean }) {
  const { markAs, dialog, pending } = useListingMarker(post, openSold ? 'sold' : null);
  return (
    <>
      <MenuOnDemand
        face={
          <>
            {MARK_AS}
            <ChevronDown aria-hidden="true" size={16} />
          </>
        }
        triggerClassName={buttonClassName({ variant: 'secondary', size: 'sm' })}
        disabled={pending}
        align="start"
      >
        {() => <MarkListingItems post={post} markAs={markAs} />}
      </MenuOnDemand>
      {dialog}
    </>
  );
}
