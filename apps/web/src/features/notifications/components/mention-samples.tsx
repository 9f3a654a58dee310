import { Avatar } from '@/components/ui/avatar.tsx';
import styles from './mention-samples.module.css';

const SAMPLE_TEXTS = {
  heading: 'What a mention looks like',
  badge: 'Sample',
} as const;

interface Sample {
  name: string;
  username: string;
  age: string;
  /** The text around the viewer's @username. */
  before: string;
  after: string;
}

const SAMPLES: readonly Sample[] = [
  {
    name: 'Maya Reyes',
    username: 'mayareyes',
    age: '2h',
    before: '',
    after: ' is the desk lamp still available? I can pick it up by the library after 3.',
  },
  {
    name: 'Jordan Tate',
    username: 'jordantate',
    age: '1d',
    before: 'Selling my Calculus textbook (3rd edition, no highlighting). ',
    after: ' you asked about this one last week!',
  },
];

/**
 * The placeholder sample posts of /notifications/mentions (docs/product/messages.md#notifications-page), shown while the viewer has
 * no mentions: plainly marked 'Sample', with their own @username, so the page explains itself.
 * Not links and not buttons: there is no post or person behind them.
 */
export function MentionSamples({ username }: { username: string }) {
  return (
    <section className={styles.samples} aria-labelledby="mention-samples-heading">
      <h3 id="mention-samples-heading" className={styles.heading}>
        {SAMPLE_TEXTS.heading}
      </h3>
      <ul className={styles.list}>
        {SAMPLES.map((sample) => (
          <li key={sample.username} className={styles.card} aria-label={`${SAMPLE_TEXTS.badge} post by ${sample.name}`}>
            <Avatar className={styles.avatar} size={44} />
            <div className={styles.body}>
              <p className={styles.top}>
                <span className={styles.name}>{sample.name}</span>
                <span className={styles.meta}>
                  @{sample.username} · {sample.age}
                </span>
                <span className={styles.badge}>{SAMPLE_TEXTS.badge}</span>
              </p>
              <p className={styles.text}>
                {sample.before}
                <span className={styles.mention}>@{username}</span>
                {sample.after}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
