/**
 * Puts `value` in a controlled text field at once. Call it from an `onChange` that filters or
 * refuses what was typed (digits only, a length limit): React drew the field again after every
 * change, but Preact, the renderer (decision 023), draws only when the state changes, so a
 * refused or filtered-out keystroke would stay on screen while the state kept the old value.
 */
export function showValue(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  if (field.value !== value) field.value = value;
}
