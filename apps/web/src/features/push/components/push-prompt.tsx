import { PUSH_TEXTS } from '@campus/contract';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button.tsx';
import { type PushMoment, rememberPushDismissed } from '@/lib/push-moment.ts';
import { subscribeThisBrowser } from '../api/subscribe.ts';
import styles from './push-prompt.module.css';

type Step = 'ask' | 'working' | 'blocked' | 'failed';

/**
 * The app's own question before the browser's (docs/product/push-and-app.md#asking): a small
 * card at the bottom of the screen after a meaningful moment. 'Turn on' asks the browser for
 * permission and subscribes; 'Not now' keeps it away for 30 days. It never takes the focus
 * from what the member was doing.
 */
export function PushPrompt({ moment, onClose }: { moment: PushMoment; onClose: () => void }) {
  const [step, setStep] = useState<Step>('ask');
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (step !== 'blocked' && step !== 'failed') return;
    const timer = window.setTimeout(() => closeRef.current(), 6000);
    return () => window.clearTimeout(timer);
  }, [step]);

  async function turnOn() {
    setStep('working');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setStep(permission === 'denied' ? 'blocked' : 'ask');
        if (permission === 'default') onClose();
        return;
      }
      await subscribeThisBrowser();
      onClose();
    } catch {
      setStep('failed');
    }
  }

  function notNow() {
    rememberPushDismissed();
    onClose();
  }

  return (
    <section className={styles.prompt} aria-labelledby="push-prompt-title" aria-live="polite">
      <h2 id="push-prompt-title" className={styles.title}>
        {PUSH_TEXTS.promptTitle}
      </h2>
      {step === 'blocked' || step === 'failed' ? (
        <p className={styles.body} role="status">
          {step === 'blocked' ? PUSH_TEXTS.blocked : PUSH_TEXTS.failed}
        </p>
      ) : (
        <>
          <p className={styles.body}>
            {moment === 'message' ? PUSH_TEXTS.promptBodyMessage : PUSH_TEXTS.promptBodySearch}
          </p>
          <div className={styles.actions}>
            <Button variant="ghost" size="sm" onClick={notNow} disabled={step === 'working'}>
              {PUSH_TEXTS.notNow}
            </Button>
            <Button size="sm" onClick={() => void turnOn()} disabled={step === 'working'}>
              {PUSH_TEXTS.turnOn}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
