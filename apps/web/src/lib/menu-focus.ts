/**
 * `onOpenAutoFocus` for every Radix menu (`DropdownMenu.Content`). Radix focuses an opened menu
 * from an effect, and when it was opened from the keyboard it moves the focus on to the first
 * item it has registered; items register in their own effects. React runs the items' effects
 * first. Preact (the renderer, decision 023) can run the menu's effect first, when the menu
 * draws again before the frame ends, so no item was known and the focus stayed on the menu
 * (Enter on a menu button did not reach the first item). This focuses the menu one frame
 * later, after Preact has run the pending effects (it does so on the next animation frame),
 * and Radix's own rules then pick the first item, exactly as with React.
 */
export function focusMenuWhenReady(event: Event): void {
  event.preventDefault();
  const menu = event.currentTarget;
  if (!(menu instanceof HTMLElement)) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (menu.isConnected && !menu.contains(document.activeElement)) menu.focus({ preventScroll: true });
    }),
  );
}

/**
 * Spread on `DropdownMenu.Content`. Radix's types leave `onOpenAutoFocus` out of the dropdown's
 * props, but the dropdown hands it on to the menu's focus scope (Radix 2.2); the profile menu's
 * test 'focuses the first item when opened from the keyboard' fails if that ever stops.
 */
export const menuFocusProps = { onOpenAutoFocus: focusMenuWhenReady } as const;
