import { lazy, Suspense, useEffect, useState } from 'react';
import { PUSH_MOMENT_EVENT, type PushMoment, pushCanBeOffered } from '@/lib/push-moment.ts';

/** The prompt's code arrives only when a moment comes (never in the entry JavaScript). */
const PushPrompt = lazy(() => import('@/features/push/index.ts').then((m) => ({ default: m.PushPrompt })));

/** Shows the push prompt when a feature announces a meaningful moment (lib/push-moment.ts). */
export function PushPromptHost() {
  const [moment, setMoment] = useState<PushMoment | null>(null);
  useEffect(() => {
    const onMoment = (event: Event) => {
      if (pushCanBeOffered()) setMoment((event as CustomEvent<PushMoment>).detail);
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
