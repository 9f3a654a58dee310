import { Navigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { VerifyForm } from '@/features/auth/components/verify-form.tsx';
import { useViewer } from '@/lib/viewer.ts';

/** /verify; RequireUnverifiedViewer above it lets only signed-in, unverified people in. */
export function Component() {
  const viewer = useViewer();
  if (!viewer) return <Navigate replace to={paths.userRegistration.getHref()} />;
  return <VerifyForm viewer={viewer} />;
}
