import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment set by `start(seconds)`, updated every second while any are
 * left (0 when none). For "you can ask again in n s" (docs/decisions/030-feed-ads-and-rough-edges.md).
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const start = useCallback((seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  }, []);
  const secondsLeft = until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [secondsLeft]);
  return { secondsLeft, start };
}
