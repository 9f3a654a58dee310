import { ComposePage } from '@/features/composer/components/compose-page.tsx';

/** /create/post?goBack=… — the composer as a page on narrow screens (docs/product/community.md#narrow-screen-pages). */
export function Component() {
  return <ComposePage parentId={null} />;
}
