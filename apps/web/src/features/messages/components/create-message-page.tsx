import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ModalPage } from '@/components/ui/modal.tsx';
import { paths } from '@/config/paths.ts';
import { MEDIA, useMediaQuery } from '@/lib/media-query.ts';
import { NEW_MESSAGE_TEXTS, NewMessage } from './new-message.tsx';

/**
 * /create/message?goBack=… (spec 1 §2): at 769 px and below the New Message search is a page of
 * its own with a back button to goBack; on wider screens it is the inbox's New Message pane, so
 * the page hands over to /messages/new.
 */
export function CreateMessagePage() {
  const isPhone = useMediaQuery(MEDIA.mobile);
  const navigate = useNavigate();
  useEffect(() => {
    if (!isPhone) navigate(paths.newMessage.getHref(), { replace: true });
  }, [isPhone, navigate]);
  if (!isPhone) return null;
  return (
    <ModalPage title={NEW_MESSAGE_TEXTS.title} fallback={paths.messages.getHref()}>
      <NewMessage asPage />
    </ModalPage>
  );
}
