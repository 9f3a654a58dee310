/**
 * A drawn page's buttons, links and forms are on screen before they work. A click or a form
 * sent between the entry running and the hydration (the app's code and the page's data still
 * loading) would do nothing, or leave the app for a full page load. Such actions are held, and
 * made again on the same element once it is live (hydration keeps the server's elements).
 *
 * A field (the header's search box) takes focus and text natively meanwhile, but its handlers
 * missed both: once the page is live, the field focused then is focused again, and text typed
 * into it is announced as input, so the app sees what the person did.
 */
export function holdEarlyActions(element: HTMLElement) {
  const clicked: HTMLElement[] = [];
  const sent: HTMLFormElement[] = [];
  const holdClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest<HTMLElement>('a[href], button') : null;
    if (!target) return;
    event.preventDefault();
    event.stopPropagation();
    clicked.push(target);
  };
  const holdSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    event.stopPropagation();
    sent.push(event.target);
  };
  element.addEventListener('click', holdClick, true);
  element.addEventListener('submit', holdSubmit, true);
  const stop = () => {
    element.removeEventListener('click', holdClick, true);
    element.removeEventListener('submit', holdSubmit, true);
  };
  return {
    replay() {
      stop();
      const field = document.activeElement;
      if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && element.contains(field)) {
        // React hears an input event only when the field's value differs from the one it last
        // knew, which is what the field holds when it is hydrated. So the field gets the
        // server's value back, and an input event (on which React hydrates the page at once),
        // before the typed text returns through the element's own setter, which React does not
        // watch: the second input event is then a change, and the app's state gets the text.
        const typed = field.value;
        field.value = field.defaultValue;
        announceInput(field);
        field.blur();
        field.focus();
        if (typed !== field.value) {
          Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
          announceInput(field);
        }
      }
      // In the next task: after the app has drawn what the focus and the text changed (a search
      // box's Enter reads the text from the app's state).
      setTimeout(() => {
        for (const target of clicked) if (target.isConnected) target.click();
        for (const form of sent) if (form.isConnected) form.requestSubmit();
      }, 0);
    },
    drop: stop,
  };
}

const announceInput = (field: HTMLElement) => field.dispatchEvent(new Event('input', { bubbles: true }));

export type EarlyActions = ReturnType<typeof holdEarlyActions>;
