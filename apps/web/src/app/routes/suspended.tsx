import { SuspensionNotice } from '@/features/auth/components/suspension-notice.tsx';

/** /suspended (docs/product/moderation.md#suspension). */
export function Component() {
  return <SuspensionNotice />;
}
