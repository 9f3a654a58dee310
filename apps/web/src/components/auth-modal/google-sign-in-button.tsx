import { AUTH_SCREEN_TEXTS, SETTINGS_MESSAGES } from '@campus/contract';
import { GoogleMark } from '@/components/google-mark.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useCampus } from '@/lib/campus.ts';
import { useGoogleSignIn } from './use-google-sign-in.ts';

/** 'Continue with Google', on campuses where Google sign-in is configured (nothing otherwise). */
export function GoogleSignInButton({ className }: { className?: string }) {
  const campus = useCampus();
  const { start, pending } = useGoogleSignIn();
  if (!campus.signIn.google) return null;
  return (
    <Button variant="secondary" size="lg" block className={className} onClick={start} disabled={pending}>
      <GoogleMark size={20} />
      {pending ? SETTINGS_MESSAGES.processing : AUTH_SCREEN_TEXTS.continueWithGoogle}
    </Button>
  );
}
