import { SuspensionNotice } from '@/features/auth/components/suspension-notice.tsx';

/** /suspended (docs/product/moderation.md#suspension-page). */
export function Component() {
  return <SuspensionNotice />;
}
