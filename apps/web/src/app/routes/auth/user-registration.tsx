import { RegistrationLanding } from '@/features/auth/components/registration-landing.tsx';

export function Component() {
  return <RegistrationLanding />;
}
