import type { CampusResponse } from '@campus/contract';
import { brandName, mailtoUrl, OPERATOR_NAME } from './campus-text.ts';

export default function PrivacyContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);
  const email = campus.supportEmail;

  return (
    <>
      <h1>Privacy Policy</h1>
      <p>
        <strong>Last updated June 24, 2022</strong>
      </p>
      <p>
        This policy explains what information {OPERATOR_NAME} (“we”, “us”) collects when you use{' '}
        {campus.isHub ? `${brand} and any of its campus communities` : `${brand} and our other campus communities`},
        what we do with it, who we share it with, and the choices you have. We keep it as short and plain as we can.
      </p>

      <section id="information-we-collect">
        <h2>Information we collect</h2>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your name, username, email address, password (stored only in a scrambled,
            hashed form) and the school email you verify.
          </li>
          <li>
            <strong>Profile:</strong> your profile photo and bio.
          </li>
          <li>
            <strong>Optional details:</strong> phone number, gender and birth date, if you choose to add them. Gender
            and birth date are never shown on your public profile.
          </li>
          <li>
            <strong>What you post and send:</strong> posts, photos, videos, prices, comments, likes and private
            messages.
          </li>
          <li>
            <strong>Support conversations:</strong> what you tell us when you contact us by email or direct message.
          </li>
        </ul>
        <h3>Information collected automatically</h3>
        <ul>
          <li>
            <strong>Device and usage data:</strong> your browser and device type, the pages you view, and actions such
            as searches, likes and copying a post link.
          </li>
          <li>
            <strong>Location:</strong> your approximate location, worked out from your IP address and time zone. We use
            it to check that you are in the United States, where the Service is offered.
          </li>
          <li>
            <strong>Cookies:</strong> see the <a href="#cookies">cookies section</a> below.
          </li>
        </ul>
        <h3>Payment information</h3>
        <p>
          Card payments and seller payouts are handled by a third-party payment provider. The provider collects your
          card details, and a seller’s identity and bank details, directly. We only receive what we need to run the
          Service, such as the amount and the status of a payment or a boost, and your available balance.
        </p>
      </section>

      <section id="how-we-use">
        <h2>How we use it</h2>
        <ul>
          <li>To run the Service: show your posts and profile, deliver messages and send notifications.</li>
          <li>To confirm you belong to your campus, by emailing a 4-digit PIN to your school email.</li>
          <li>To power search, so people can find posts and members of your campus.</li>
          <li>To process payments and boosts, and to show boosted-post owners how their post is doing.</li>
          <li>
            To keep the community safe: investigating reports, preventing fraud and spam, and enforcing our rules.
          </li>
          <li>To understand which features people use, so we can fix problems and improve the Service.</li>
          <li>To contact you about your account, and to meet our legal obligations.</li>
        </ul>
      </section>

      <section id="sharing">
        <h2>How we share it</h2>
        <ul>
          <li>
            <strong>With other users:</strong> your name, username, photo, bio, posts, comments and likes can be seen by
            others on your campus community. Private messages are seen only by the people in the conversation, and by us
            when a conversation is reported.
          </li>
          <li>
            <strong>With service providers</strong> who work for us under contract, such as hosting, database, search,
            email delivery, analytics and payment providers. They may use your information only to provide their service
            to us.
          </li>
          <li>
            <strong>For legal and safety reasons:</strong> when the law requires it, or when we believe it is needed to
            protect someone’s safety or to stop fraud.
          </li>
          <li>
            <strong>In a business transfer:</strong> if we are involved in a merger, acquisition or sale of assets, your
            information may move to the new owner under this policy.
          </li>
          <li>
            <strong>With your consent</strong>, in any other case.
          </li>
        </ul>
        <p>
          <strong>We do not sell your personal information.</strong>
        </p>
      </section>

      <section id="retention">
        <h2>How long we keep it</h2>
        <p>
          We keep your information for as long as your account is open. Verification PINs expire after 2 hours and are
          deleted once used. When you delete a post it is removed from the feed, your profile and search. If you close
          your account, we delete or anonymize your information within a reasonable time, except what we must keep for
          legal, safety or accounting reasons.
        </p>
      </section>

      <section id="choices">
        <h2>Your choices</h2>
        <ul>
          <li>
            Change your photo, name and bio on <a href="/profile/edit">your profile edit page</a>.
          </li>
          <li>
            Change your username, email, phone, gender and birth date in{' '}
            <a href="/settings/account">Account Settings</a>. Phone, gender and birth date are optional.
          </li>
          <li>Delete any of your posts at any time.</li>
          <li>
            Ask us for a copy of your information, or to close your account, by emailing{' '}
            <a href={mailtoUrl(campus)}>{email}</a>.
          </li>
          <li>
            Control cookies in your browser, as explained in the <a href="#cookies">cookies section</a>.
          </li>
        </ul>
      </section>

      <section id="young-users">
        <h2>Young users</h2>
        <p>
          You must be at least 16 to use the Service, and we do not knowingly collect information from anyone younger.
          We do not sell personal information, and{' '}
          <strong>we never sell the personal information of users under 16</strong>. If you believe someone under 16 has
          an account, please tell us and we will delete it.
        </p>
      </section>

      <section id="california">
        <h2>Your California privacy rights</h2>
        <p>If you live in California, the California Consumer Privacy Act gives you the right to:</p>
        <ul>
          <li>
            <strong>Know</strong> what personal information we collected about you, where it came from, why we collected
            it and who we shared it with, looking back over the <strong>past 12 months</strong>, and get a copy of it;
          </li>
          <li>
            <strong>Delete</strong> personal information we hold about you, with some legal exceptions;
          </li>
          <li>
            <strong>Correct</strong> personal information that is inaccurate;
          </li>
          <li>
            <strong>Opt out</strong> of the sale or sharing of your personal information. We don’t sell it, and we never
            sell the information of users under 16;
          </li>
          <li>
            <strong>Not be treated differently</strong> for using any of these rights.
          </li>
        </ul>
        <p>
          To make a request, email <a href={mailtoUrl(campus, 'California privacy request')}>{email}</a> from the email
          address on your account. We will confirm your identity before acting, and reply within 45 days. You may also
          ask someone you authorize to make the request for you.
        </p>
      </section>

      <section id="security">
        <h2>Security</h2>
        <p>
          We protect your information with encrypted connections, hashed passwords and limited staff access. No online
          service is perfectly secure, so please use a strong password and never share your verification PIN.
        </p>
      </section>

      <section id="cookies">
        <h2>Cookies</h2>
        <p>A cookie is a small text file a website stores in your browser. We use as few as we can:</p>
        <ul>
          <li>
            <strong>Session cookie:</strong> keeps you signed in as you move from page to page. It is essential; without
            it you can’t sign in.
          </li>
        </ul>
        <p>
          <strong>We don’t use advertising cookies or cross-site trackers</strong>, and we don’t let advertisers place
          cookies on {brand}. You can block or delete cookies in your browser settings, but you will be signed out and
          won’t be able to sign back in until you allow them again. Read our short{' '}
          <a href="/settings/cookies">Cookie Policy</a> for more.
        </p>
      </section>

      <section id="changes">
        <h2>Changes to this policy</h2>
        <p>
          If we change this policy, we will update the date at the top of this page, and tell you in the app or by email
          about important changes.
        </p>
      </section>

      <section id="contact">
        <h2>Contact us</h2>
        <p>
          Questions about your privacy? Email us at <a href={mailtoUrl(campus, `${brand} privacy question`)}>{email}</a>{' '}
          or visit <a href="/settings/help">Customer Support</a>.
        </p>
      </section>
    </>
  );
}
