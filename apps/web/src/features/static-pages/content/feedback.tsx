import type { CampusResponse } from '@campus/contract';
import { brandName, instagramHandle, instagramUrl, mailtoUrl } from './campus-text.ts';

export default function FeedbackContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);

  return (
    <>
      <h1>Give Us Feedback</h1>
      <p>
        {brand} is built for students, so we want to hear from you. Tell us what you love, what bugs you, and what you
        wish it could do. Every message is read by a person.
      </p>

      <section id="direct-message">
        <h2>Send us a direct message</h2>
        <p>Message {instagramHandle(campus)} on Instagram. It’s the fastest way to reach us.</p>
        <p>
          <a href={instagramUrl(campus)} target="_blank" rel="noreferrer">
            Send {brand} your feedback on Instagram (opens in a new tab)
          </a>
        </p>
      </section>

      <section id="email">
        <h2>Or send us an email</h2>
        <p>
          Write to <a href={mailtoUrl(campus, `${brand} feedback`)}>{campus.supportEmail}</a>. Screenshots are welcome,
          especially if something looks broken.
        </p>
      </section>

      <section id="ideas">
        <h2>Not sure what to say?</h2>
        <ul>
          <li>Was anything confusing the first time you posted or messaged someone?</li>
          <li>What have you tried to buy or sell here, and did it work out?</li>
          <li>What would make you open {brand} more often?</li>
        </ul>
        <p>
          Need help with a problem rather than sharing an idea? Go to <a href="/settings/help">Customer Support</a>.
        </p>
      </section>
    </>
  );
}
