import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ModalPage } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { MEDIA, useMediaQuery } from '@/lib/media-query.ts';
import { useHydrated } from '@/lib/use-hydrated.ts';
import { NEW_MESSAGE_TEXTS, NewMessage } from './new-message.tsx';

/**
 * /create/message?goBack=… (docs/product/community.md#narrow-screen-pages): at 769 px and below the New Message search is a page of
 * its own with a back button to goBack; on wider screens it is the inbox's New Message pane, so
 * the page hands over to /messages/new.
 */
export function CreateMessagePage() {
  const isPhone = useMediaQuery(MEDIA.mobile);
  // Only the browser knows the screen: the server draws nothing here, and the page decides
  // once it is live (decision 031).
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    if (hydrated && !isPhone) navigate(paths.newMessage.getHref(), { replace: true });
  }, [hydrated, isPhone, navigate]);
  if (!hydrated || !isPhone) return null;
  return (
    <ModalPage title={NEW_MESSAGE_TEXTS.title} fallback={paths.messages.getHref()}>
      <NewMessage asPage />
    </ModalPage>
  );
}
