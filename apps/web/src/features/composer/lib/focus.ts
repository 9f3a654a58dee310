/**
 * Puts focus back on the control that opened the composer once its dialogs are gone. Radix
 * does this for one dialog; when two close together (the composer and 'Discard Post?', or
 * the composer and the progress modal) the last restore may aim at a button that no longer
 * exists and leave focus on <body>. Runs after Radix's own restore and only repairs that case.
 */
export function restoreFocusLater(opener: HTMLElement | null): void {
  if (!opener) return;
  window.setTimeout(() => {
    // The timer can outlive its document: a test's environment is torn down after its last test.
    if (typeof document === 'undefined') return;
    const active = document.activeElement;
    if (opener.isConnected && (active === null || active === document.body)) opener.focus();
  }, 50);
}
