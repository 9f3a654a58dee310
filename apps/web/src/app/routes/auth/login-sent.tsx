import { MagicLinkScreen } from '@/features/auth/components/magic-link-screen.tsx';

export function Component() {
  return <MagicLinkScreen />;
}
