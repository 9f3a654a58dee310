import { LIMITS } from '@campus/contract';
import styles from './composer.module.css';

/** From here on the count changes colour and is read out to screen readers. */
const NEAR_LIMIT = LIMITS.postTextMax - 50;

/**
 * 'n / 500' (docs/product/community.md#post-text-limit). Screen readers hear how much is left only near the limit, politely;
 * announcing every keystroke from the first would drown out the typing.
 */
export function CharacterCounter({ id, count }: { id: string; count: number }) {
  const max = LIMITS.postTextMax;
  const state = count >= max ? 'full' : count >= NEAR_LIMIT ? 'near' : 'ok';
  const left = Math.max(0, max - count);
  return (
    <>
      <span id={id} className={styles.counter} data-state={state}>
        {count} / {max}
      </span>
      <span className="visually-hidden" aria-live="polite">
        {state === 'ok' ? '' : `${left} ${left === 1 ? 'character' : 'characters'} left`}
      </span>
    </>
  );
}
