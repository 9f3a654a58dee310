import type * as RadixDropdownMenu from '@radix-ui/react-dropdown-menu';
import { type ReactNode, type Ref, type RefObject, useEffect, useRef, useState } from 'react';
import styles from './dropdown-menu.module.css';
import { radixDropdownMenu } from './lazy-menu.ts';

type DropdownMenuModule = typeof RadixDropdownMenu;

/** Radix's menu module, for items drawn inside a MenuOnDemand's list (loaded by then). */
export function useLoadedMenu(): DropdownMenuModule {
  const menu = radixDropdownMenu.useModule();
  if (!menu) throw new Error('menu items belong inside a MenuOnDemand');
  return menu;
}

interface MenuOnDemandProps {
  /** What the trigger shows (an icon, a label). */
  face: ReactNode;
  /** The trigger's accessible name, when its face has no text. */
  label?: string;
  triggerClassName?: string;
  /** The trigger, for a dialog an item opens to give the focus back to. */
  triggerRef?: RefObject<HTMLButtonElement | null>;
  disabled?: boolean;
  align?: 'start' | 'end';
  /** Loads what an item opens (the report sheet) along with the menu, on the same intent. */
  onIntent?: () => void;
  /** The items, drawn with Radix's module once it is in. */
  children: (DropdownMenu: DropdownMenuModule) => ReactNode;
}

/**
 * A dropdown menu of a page's content (a post's or profile's '⋯', 'Mark as…') whose Radix code
 * (20 KB gzip with its popper) is not part of the page's first load (decisions 022 and 046): until
 * it is in, the trigger is a plain button with the same look and name that loads it on intent
 * (pointer over it, focus) and opens the menu as soon as it arrives when pressed meanwhile. Like
 * Radix's trigger it opens on pointer-down, Enter, Space and ArrowDown; when the code arrives
 * while the plain button has the focus, the real trigger takes it over (as the shell's profile
 * menu does, app/layout/profile-menu.tsx). The list sits in a portal, 6 px from its button.
 */
export function MenuOnDemand({
  face,
  label,
  triggerClassName,
  triggerRef,
  disabled,
  align = 'end',
  onIntent,
  children,
}: MenuOnDemandProps) {
  const DropdownMenu = radixDropdownMenu.useModule();
  const [open, setOpen] = useState(false);
  const plainTrigger = useRef<HTMLButtonElement | null>(null);
  const menuTrigger = useRef<HTMLButtonElement | null>(null);
  // Read while rendering: the plain trigger is still in the page then.
  const refocus = useRef(false);
  if (DropdownMenu && plainTrigger.current) {
    refocus.current = document.activeElement === plainTrigger.current;
    plainTrigger.current = null;
  }
  useEffect(() => {
    if (!DropdownMenu || !refocus.current) return;
    refocus.current = false;
    // An open menu takes the focus itself (and gives it back to the trigger when it closes).
    if (!open) menuTrigger.current?.focus();
  }, [DropdownMenu, open]);
  const keepRef = (target: RefObject<HTMLButtonElement | null>) => (node: HTMLButtonElement | null) => {
    target.current = node;
    if (triggerRef) triggerRef.current = node;
  };

  if (!DropdownMenu) {
    const load = () => {
      radixDropdownMenu.load().catch(() => {});
      onIntent?.();
    };
    const openSoon = () => {
      load();
      setOpen(true);
    };
    return (
      <PlainMenuTrigger
        ref={keepRef(plainTrigger)}
        className={triggerClassName}
        label={label}
        disabled={disabled}
        load={load}
        open={openSoon}
      >
        {face}
      </PlainMenuTrigger>
    );
  }
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger
        ref={keepRef(menuTrigger)}
        className={triggerClassName}
        aria-label={label}
        disabled={disabled}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {face}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align={align} sideOffset={6} collisionPadding={12}>
          {children(DropdownMenu)}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * A menu's trigger until Radix's menu code is in: the same look and name, warming the code on
 * pointer or focus, and opening as Radix's trigger does: on pointer-down (so a menu arriving
 * between the press and the release cannot swallow the click), on Enter, Space (click) and ArrowDown.
 */
export function PlainMenuTrigger({
  ref,
  className,
  label,
  disabled,
  load,
  open,
  children,
}: {
  ref: Ref<HTMLButtonElement>;
  className?: string;
  label?: string;
  disabled?: boolean;
  load: () => void;
  open: () => void;
  children: ReactNode;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      disabled={disabled}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        open();
      }}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        open();
      }}
    >
      {children}
    </button>
  );
}
