import { CreateMessagePage } from '@/features/messages/components/create-message-page.tsx';

/** /create/message?goBack=… — New Message as a page on narrow screens (spec 1 §2). */
export function Component() {
  return <CreateMessagePage />;
}
