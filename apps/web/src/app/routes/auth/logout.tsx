import { LogoutConfirm } from '@/features/auth/components/logout-confirm.tsx';

export function Component() {
  return <LogoutConfirm />;
}
