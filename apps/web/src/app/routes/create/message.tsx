import { CreateMessagePage } from '@/features/messages/components/create-message-page.tsx';

/** /create/message?goBack=… — New Message as a page on narrow screens (docs/product/community.md#narrow-screen-pages). */
export function Component() {
  return <CreateMessagePage />;
}
