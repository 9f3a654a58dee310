import { ALERT_TIMING, POST_MESSAGES } from '@campus/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAlert } from '@/components/ui/alert-provider.tsx';
import { paths } from '@/config/paths.ts';
import { useCampus } from '@/lib/campus.ts';

/** The shared form of a post's address on this campus's site (docs/product/community.md#post-page, docs/product/profiles.md#profile-route). */
function useShareLink(postId: string): string {
  const campus = useCampus();
  return `${campus.siteUrl.replace(/\/+$/, '')}${paths.post.getHref(postId, { redirect: true })}`;
}

/** The old way, for browsers without the async clipboard (or without permission to use it). */
function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies text to the clipboard (the async clipboard, else the old textarea way); false when neither could. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or unavailable: fall through to the textarea.
  }
  return copyWithTextarea(text);
}

/**
 * Copies a post's link: 'Copied to clipboard', and `copied` is true for 1 s so the button can
 * say so (docs/product/community.md#copy-link).
 */
export function useCopyLink(postId: string): { copied: boolean; copy: () => Promise<void>; link: string } {
  const link = useShareLink(postId);
  const { showAlert } = useAlert();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async () => {
    if (!(await copyText(link))) return;
    showAlert(POST_MESSAGES.copiedToClipboard);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), ALERT_TIMING.copyResetMs);
  }, [link, showAlert]);

  return { copied, copy, link };
}
