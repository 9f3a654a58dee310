import { lazy, Suspense, useEffect, useState } from 'react';
import { PUSH_MOMENT_EVENT, type PushMoment, pushAllowed, pushCanBeOffered } from '@/lib/push-moment.ts';

/** The prompt's code arrives only when a moment comes (never in the entry JavaScript). */
const PushPrompt = lazy(() => import('@/features/push/index.ts').then((m) => ({ default: m.PushPrompt })));

/** Once per page load: this browser's subscription stored for the member signed in now. */
let renewed = false;

/**
 * Shows the push prompt when a feature announces a meaningful moment (lib/push-moment.ts). Where
 * the member already allowed push, the subscription is stored again without a word: signing out
 * unsubscribed this browser (the service worker), and whoever signs in next gets their own.
 */
export function PushPromptHost() {
  const [moment, setMoment] = useState<PushMoment | null>(null);
  useEffect(() => {
    const onMoment = (event: Event) => {
      if (pushCanBeOffered()) setMoment((event as CustomEvent<PushMoment>).detail);
      else if (pushAllowed() && !renewed) {
        renewed = true;
        import('@/features/push/index.ts')
          .then((m) => m.subscribeThisBrowser())
          .catch(() => {
            renewed = false;
          });
      }
    };
    window.addEventListener(PUSH_MOMENT_EVENT, onMoment);
    return () => window.removeEventListener(PUSH_MOMENT_EVENT, onMoment);
  }, []);
  if (!moment) return null;
  return (
    <Suspense fallback={null}>
      <PushPrompt moment={moment} onClose={() => setMoment(null)} />
    </Suspense>
  );
}
