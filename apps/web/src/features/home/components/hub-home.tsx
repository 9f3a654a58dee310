import { ChevronDown, ShoppingBag, Tag } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CampusLogo } from '@/components/campus-logo.tsx';
import { ButtonLink } from '@/components/ui/button.tsx';
import { paths } from '@/config/paths.ts';
import { siteName, useCampus } from '@/lib/campus.ts';
import styles from './hub-home.module.css';

const BUY_STEPS = [
  'Find your school and verify your school email.',
  'Browse the feed or search for what you need.',
  'Message the seller to ask questions and agree on a price.',
  'Meet on campus, check the item and pay.',
];

const SELL_STEPS = [
  'Join your school’s community.',
  'Snap a few photos and add a price and a category — posting takes under 30 seconds.',
  'Answer messages from interested students.',
  'Meet up, hand the item over and get paid.',
];

/** Home of the generic hub (docs/product/community.md#hub-home): welcome, how it works, FAQ and the way to a campus. */
export function HubHome() {
  const campus = useCampus();
  return (
    <div className={styles.hub}>
      <section className={styles.hero}>
        <CampusLogo className={styles.heroLogo} size={56} decorative />
        <h1 className={styles.heroTitle}>Welcome to {siteName(campus)}</h1>
        <p className={styles.heroText}>
          The marketplace and social feed for college students. Every school has its own private community — find yours
          to start buying and selling with students you can trust.
        </p>
        <ButtonLink to={paths.searchSchools.getHref()} size="lg">
          Find Your School
        </ButtonLink>
      </section>

      <section aria-labelledby="how-it-works-title">
        <h2 id="how-it-works-title" className={styles.sectionTitle}>
          How it works
        </h2>
        <div className={styles.guides}>
          <div className={styles.guide}>
            <h3 className={styles.guideTitle}>
              <span className={styles.guideIcon}>
                <ShoppingBag size={18} aria-hidden="true" />
              </span>
              Buying
            </h3>
            <ol className={styles.steps}>
              {BUY_STEPS.map((step) => (
                <li key={step} className={styles.step}>
                  {step}
                </li>
              ))}
            </ol>
          </div>
          <div className={styles.guide}>
            <h3 className={styles.guideTitle}>
              <span className={styles.guideIcon}>
                <Tag size={18} aria-hidden="true" />
              </span>
              Selling
            </h3>
            <ol className={styles.steps}>
              {SELL_STEPS.map((step) => (
                <li key={step} className={styles.step}>
                  {step}
                </li>
              ))}
            </ol>
          </div>
        </div>
      </section>

      <section aria-labelledby="faq-title">
        <h2 id="faq-title" className={styles.sectionTitle}>
          Frequently asked questions
        </h2>
        <div className={styles.faq}>
          <Question title="Who can join?">
            Students with an email address from a supported college or university. You prove it with a 4-digit PIN we
            send to your school inbox.
          </Question>
          <Question title="Does it cost anything?">
            Joining, posting and messaging are free. You only pay if you choose to boost a post so more students see it.
          </Question>
          <Question title="How do payments work?">
            Most deals happen in person: meet on campus, check the item, then pay the seller — usually in cash. Read the{' '}
            <Link to={paths.settings.returns.getHref()}>Return Policy</Link> before your first deal.
          </Question>
          <Question title="Why is each school’s community private?">
            Only verified students can see and post in their campus community, so you always know you are dealing with
            someone from your school. See our <Link to={paths.settings.trustAndSafety.getHref()}>Trust and Safety</Link>{' '}
            guidelines.
          </Question>
          <Question title="My school isn’t listed. What now?">
            We add campuses over time. <Link to={paths.settings.feedback.getHref()}>Give us feedback</Link> and tell us
            which school you would like to see next.
          </Question>
        </div>
      </section>
    </div>
  );
}

function Question({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className={styles.question}>
      <summary>
        {title}
        <ChevronDown className={styles.chevron} size={20} aria-hidden="true" />
      </summary>
      <p className={styles.answer}>{children}</p>
    </details>
  );
}
