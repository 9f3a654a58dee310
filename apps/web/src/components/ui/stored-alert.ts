import { type AlertData, type AlertOptions, toAlertData } from './alert-rules.ts';

const STORAGE_KEY = 'campus:stored-alert';

/**
 * Keeps an alert for the next page to show once (e.g. 'Your post was sent' after the mobile
 * composer redirects home). Lives in sessionStorage so a full page load also picks it up.
 */
export function storeAlert(message: string, options?: AlertOptions): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(toAlertData(message, options)));
  } catch {
    // Storage can be unavailable (private mode, quota); the alert is a nicety, not data.
  }
}

/** Reads and clears the stored alert, if any. */
export function takeStoredAlert(): AlertData | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw === null) return null;
    sessionStorage.removeItem(STORAGE_KEY);
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || typeof (value as AlertData).message !== 'string') return null;
    const { message, type, duration, postId } = value as Partial<AlertData>;
    return toAlertData(message as string, {
      type: type && ['success', 'okay', 'black', 'danger'].includes(type) ? type : undefined,
      duration: duration === 'long' ? 'long' : 'default',
      postId: typeof postId === 'string' ? postId : undefined,
    });
  } catch {
    return null;
  }
}
