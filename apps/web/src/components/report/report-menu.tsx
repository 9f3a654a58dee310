import type { ReportTarget } from '@campus/contract';
import { Ellipsis, Flag } from 'lucide-react';
import { useRef, useState } from 'react';
import menuStyles from '@/components/ui/dropdown-menu.module.css';
import { radixDropdownMenu } from '@/components/ui/lazy-menu.ts';
import { preloadReportDialog, ReportDialog } from './report-dialog-on-demand.tsx';

interface ReportMenuProps {
  target: ReportTarget;
  /** The menu item's label, also the dialog's heading ('Report post'). */
  title: string;
  /** The trigger's accessible name ('Post options', 'Message options'). */
  label: string;
  triggerClassName?: string;
}

/**
 * A '⋯' menu whose item reports what it sits on (docs/product/moderation.md#reporting): a feed card's,
 * a chat message's. Radix's menu is not part of a feed's or a chat's first page: until it is in,
 * the trigger is a plain button that loads it and opens the menu when it arrives
 * (components/ui/lazy-menu.ts). Clicks stay inside: a card opens its post on any other click.
 */
export function ReportMenu({ target, title, label, triggerClassName }: ReportMenuProps) {
  const DropdownMenu = radixDropdownMenu.useModule();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  if (!DropdownMenu) {
    // The menu and, as its one item is Report, the report sheet.
    const load = () => {
      radixDropdownMenu.load().catch(() => {});
      preloadReportDialog();
    };
    return (
      <button
        ref={trigger}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={load}
        onFocus={load}
        onClick={(event) => {
          event.stopPropagation();
          load();
          setOpen(true);
        }}
      >
        <Ellipsis aria-hidden="true" size={18} />
      </button>
    );
  }
  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger
          ref={trigger}
          className={triggerClassName}
          aria-label={label}
          onClick={(event) => event.stopPropagation()}
          onPointerEnter={preloadReportDialog}
          onFocus={preloadReportDialog}
        >
          <Ellipsis aria-hidden="true" size={18} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            className={menuStyles.menu}
            align="end"
            sideOffset={6}
            collisionPadding={12}
            onClick={(event) => event.stopPropagation()}
          >
            <DropdownMenu.Item
              className={`${menuStyles.menuItem} ${menuStyles.danger}`}
              onSelect={() => setReporting(true)}
            >
              <Flag aria-hidden="true" size={18} />
              {title}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {reporting && (
        <ReportDialog
          target={target}
          open={reporting}
          onOpenChange={setReporting}
          title={title}
          returnFocusTo={trigger}
        />
      )}
    </>
  );
}
