import type { CampusResponse } from '@campus/contract';
import { brandName, instagramHandle, instagramUrl, mailtoUrl } from './campus-text.ts';

export default function HelpContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);

  return (
    <>
      <h1>Customer Support</h1>
      <p>
        Stuck on something, or a deal gone wrong? The {brand} team is made up of real people, and we are happy to help.
      </p>

      <section id="direct-message">
        <h2>Message us on Instagram</h2>
        <p>The quickest way to reach us is a direct message to {instagramHandle(campus)} on Instagram.</p>
        <p>
          <a href={instagramUrl(campus)} target="_blank" rel="noreferrer">
            Send {brand} a direct message on Instagram (opens in a new tab)
          </a>
        </p>
      </section>

      <section id="email">
        <h2>Email us</h2>
        <p>
          Prefer email? Write to <a href={mailtoUrl(campus, `${brand} support request`)}>{campus.supportEmail}</a>.
        </p>
      </section>

      <section id="what-to-include">
        <h2>Help us help you faster</h2>
        <p>When you get in touch, please include:</p>
        <ul>
          <li>Your username, and the username of anyone else involved.</li>
          <li>A link to the post, if your question is about one. Use Copy link in the post’s menu.</li>
          <li>What happened, when, and any screenshots.</li>
        </ul>
      </section>

      <section id="self-service">
        <h2>You may be able to fix it yourself</h2>
        <ul>
          <li>
            <a href="/settings/account/school_email">Verify or change your school email</a>
          </li>
          <li>
            <a href="/settings/account/password">Change your password</a>
          </li>
          <li>
            <a href="/settings/account/email">Change your sign-in email</a>
          </li>
          <li>
            <a href="/settings/payments">See your payments and boosts</a>
          </li>
          <li>
            <a href="/settings/returns">Read the Return Policy</a>
          </li>
          <li>
            <a href="/settings/trust_and_safety">Read the Trust and Safety guidelines</a>
          </li>
        </ul>
      </section>
    </>
  );
}
