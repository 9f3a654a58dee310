import type { CampusResponse } from '@campus/contract';
import { brandName } from './campus-text.ts';

export default function CookiesContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);

  return (
    <>
      <h1>Cookie Policy</h1>
      <p>
        Cookies are small text files that a website stores in your browser so it can remember you between pages. {brand}{' '}
        uses as few as possible.
      </p>

      <section id="cookies-we-use">
        <h2>The cookies we use</h2>
        <ul>
          <li>
            <strong>Session cookie.</strong> When you sign in, we set a cookie that tells our server it’s you, so you
            stay signed in as you browse, post and message. It is removed when you log out or when the session expires.
          </li>
        </ul>
      </section>

      <section id="cookies-we-do-not-use">
        <h2>What we don’t use</h2>
        <p>
          No advertising cookies, no cross-site trackers, and no cookies from advertisers. Boosted posts on {brand} are
          shown to people on your campus, not targeted by following you around the web.
        </p>
      </section>

      <section id="managing-cookies">
        <h2>Managing cookies</h2>
        <p>
          You can view, block or delete cookies in your browser’s settings. If you block the session cookie, you won’t
          be able to sign in.
        </p>
        <p>
          More detail is in the <a href="/settings/privacy#cookies">cookies section of our Privacy Policy</a>.
        </p>
      </section>
    </>
  );
}
