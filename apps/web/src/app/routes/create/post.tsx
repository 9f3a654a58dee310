import { ComposePage } from '@/features/composer/components/compose-page.tsx';

/** /create/post?goBack=… — the composer as a page on narrow screens (spec 1 §2). */
export function Component() {
  return <ComposePage parentId={null} />;
}
