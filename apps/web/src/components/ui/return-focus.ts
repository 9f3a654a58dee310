import { type RefObject, useState } from 'react';

/**
 * A dialog's `onCloseAutoFocus` that gives the focus back to what opened it. Radix gives it back
 * to its own Trigger only, and most dialogs here are opened from a button or a menu item (gone by
 * then) without one: the focus would fall to the page's body. `opener` when the caller knows
 * (a menu's trigger); else what had the focus when the dialog was first drawn.
 */
export function useReturnFocus(opener?: RefObject<HTMLElement | null>): (event: Event) => void {
  const [focused] = useState(() => (typeof document === 'undefined' ? null : document.activeElement));
  return (event) => {
    const back = opener?.current ?? (focused instanceof HTMLElement ? focused : null);
    if (!back?.isConnected || back === document.body) return;
    event.preventDefault();
    back.focus();
  };
}
