import type { CampusResponse } from '@campus/contract';
import { brandName, mailtoUrl, OPERATOR_NAME, studentsPhrase } from './campus-text.ts';

export default function TermsContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);
  const email = campus.supportEmail;

  return (
    <>
      <h1>Terms of Service</h1>
      <p>
        <strong>Last updated May 27, 2021</strong>
      </p>
      <p>
        These Terms of Service (the “Terms”) are an agreement between you and {OPERATOR_NAME} (“we”, “us”, “our”). They
        cover your use of{' '}
        {campus.isHub
          ? `${brand} and of every campus community, website and app we run`
          : `${brand}, the community for ${studentsPhrase(campus)}, and of every other campus community, website and app we run`}{' '}
        (together, the “Service”). By creating an account or using the Service, you agree to these Terms and to our{' '}
        <a href="/settings/privacy">Privacy Policy</a>. If you don’t agree, please don’t use the Service.
      </p>
      <p>
        <strong>
          Please read section 13 carefully. It says that most disputes between you and us will be settled by individual
          arbitration, not in court or as part of a class action, and it explains how you can opt out within 30 days.
        </strong>
      </p>

      <section id="eligibility">
        <h2>1. Who can use the Service</h2>
        <ul>
          <li>
            You must be <strong>at least 16 years old</strong>. If you are under 18, you confirm that a parent or legal
            guardian has read and agreed to these Terms with you.
          </li>
          <li>
            The Service is offered <strong>only to residents of the United States</strong>, and we may block access from
            outside the United States.
          </li>
          <li>
            To join a campus community you must verify a school email address issued by that school. You may keep one
            personal account only.
          </li>
          <li>You may not use the Service if we have previously suspended or banned you.</li>
          <li>The information you give us, including your name, must be true and kept up to date.</li>
        </ul>
      </section>

      <section id="account">
        <h2>2. Your account</h2>
        <p>
          You are responsible for everything that happens under your account. Keep your password to yourself, never
          share a verification PIN, and tell us straight away at <a href={mailtoUrl(campus)}>{email}</a> if you think
          someone else has accessed your account.
        </p>
      </section>

      <section id="user-content">
        <h2>3. Your content</h2>
        <p>
          “Content” means anything you post or send on the Service: posts, photos, videos, comments, messages and your
          profile.
        </p>
        <ul>
          <li>
            <strong>You own your content.</strong> By posting it, you give us a worldwide, non-exclusive, royalty-free
            license to host, store, copy, resize, display and distribute it in order to run and promote the Service. The
            license ends when you delete the content, except for copies others have already shared and backups kept for
            a limited time.
          </li>
          <li>
            <strong>You are responsible for your content.</strong> You must have the right to post it, and listings must
            describe the item, its condition and its price honestly, using photos of the actual item.
          </li>
          <li>
            <strong>Your content must not</strong> be illegal, misleading, hateful, harassing, threatening, sexually
            explicit, or infringe anyone’s copyright, trademark, privacy or other rights; it must not reveal another
            person’s private information; and it must not be spam or advertising outside our paid boost feature.
          </li>
          <li>
            <strong>You may not list</strong> weapons, ammunition or explosives; drugs, drug paraphernalia, alcohol,
            tobacco or vaping products; prescription medicines; stolen, counterfeit or recalled goods; fake IDs or
            official documents; live animals; adult content or services; or exam answers, completed coursework or other
            academic-dishonesty services.
          </li>
          <li>
            We may remove any content, and limit the reach of any post, that we believe breaks these Terms or our{' '}
            <a href="/settings/trust_and_safety">Trust and Safety guidelines</a>. We don’t have to review content before
            it is posted.
          </li>
        </ul>
      </section>

      <section id="prohibited-conduct">
        <h2>4. Prohibited conduct</h2>
        <p>When using the Service you must not:</p>
        <ul>
          <li>break any law, or help someone else break one;</li>
          <li>impersonate anyone, or misrepresent your school or your connection with anyone;</li>
          <li>create more than one account, or create a new account after being suspended or banned;</li>
          <li>scam, defraud, harass, threaten or stalk other users;</li>
          <li>collect other users’ information, or use bots, scrapers or other automated tools on the Service;</li>
          <li>
            get around our security, access controls or location restrictions, or interfere with how the Service works;
          </li>
          <li>copy, modify, reverse-engineer or resell any part of the Service;</li>
          <li>artificially inflate likes, views or other activity, or misuse the boost feature;</li>
          <li>use the Service to send spam or chain messages, or to run pyramid or get-rich-quick schemes.</li>
        </ul>
      </section>

      <section id="transactions">
        <h2>5. Buying and selling</h2>
        <p>
          The Service is a place for students to find each other. <strong>We are not a party to any sale</strong>: we do
          not own, inspect, store or deliver the items listed, and we don’t guarantee their quality, safety or legality,
          or that a buyer or seller will complete a deal. Sales paid in cash in person are solely between the buyer and
          the seller. Sellers are responsible for any taxes due on their sales. Refunds for purchases paid through the
          app follow our <a href="/settings/returns">Return Policy</a>.
        </p>
      </section>

      <section id="payments">
        <h2>6. Payments</h2>
        <p>
          In some markets, you can pay for items by card through the Service. Those payments are processed by a
          third-party payment provider, not by us.
        </p>
        <ul>
          <li>
            <strong>Seller accounts.</strong> To receive money you must open an account with the payment provider and
            accept its terms. The provider collects and verifies your identity and bank account details itself; we do
            not receive or store your full bank account or card numbers.
          </li>
          <li>
            <strong>Setting up your payment account.</strong> If you make a sale through the app, you must finish
            setting up your payment account <strong>within 90 days of the sale</strong>. If you don’t, we may cancel the
            sale and refund the buyer, and you will not be paid for it.
          </li>
          <li>
            <strong>Payouts.</strong> Once the buyer has received the item, your money typically reaches you{' '}
            <strong>3–5 business days after delivery</strong>. Payouts can take longer if the payment provider holds
            them, if a refund request or dispute is open, or if we are reviewing the account for suspected fraud. You
            can see your balance in <a href="/settings/payments">Settings › Payments</a>.
          </li>
          <li>
            <strong>Fees.</strong> Any fee that applies to a purchase or a payout is shown before you confirm it.
          </li>
          <li>
            <strong>Boosts.</strong> When you boost a post, you pay the budget you choose when you create the boost. We
            may decline or stop a boost that breaks these Terms.
          </li>
          <li>
            <strong>Chargebacks.</strong> If a buyer successfully disputes a payment with their bank, the amount may be
            taken back from the seller’s balance.
          </li>
        </ul>
      </section>

      <section id="shipping">
        <h2>7. Shipping</h2>
        <p>If a seller agrees to ship an item bought through the app:</p>
        <ul>
          <li>
            the seller must ship it <strong>within 3 business days of accepting the order</strong>, packed securely,
            using a trackable shipping method, and share the tracking number with the buyer;
          </li>
          <li>if the item isn’t shipped in time, the buyer may cancel the order and get a full refund;</li>
          <li>
            the buyer must report any problem with the delivery within the time limits of our{' '}
            <a href="/settings/returns">Return Policy</a>.
          </li>
        </ul>
      </section>

      <section id="intellectual-property">
        <h2>8. Our name and your feedback</h2>
        <p>
          The Service, its design and the {OPERATOR_NAME} name belong to us. School names and logos belong to their
          schools, and no school sponsors or endorses the Service unless it says so. If you send us ideas or feedback,
          we may use them without owing you anything.
        </p>
      </section>

      <section id="termination">
        <h2>9. Ending your use of the Service</h2>
        <p>
          You can stop using the Service at any time, and ask us to close your account by writing to{' '}
          <a href={mailtoUrl(campus)}>{email}</a>. We may suspend or close your account, or remove your content, if you
          break these Terms, if we are required to by law, or to protect other users. Sections 5 to 15 keep applying
          after your account is closed.
        </p>
      </section>

      <section id="disclaimers">
        <h2>10. Disclaimers</h2>
        <p>
          The Service is provided “as is” and “as available”. To the fullest extent the law allows, we make no promises
          that the Service will be uninterrupted or error-free, or about the items listed, the accuracy of posts, or the
          conduct of any user, online or in person. Meet other users at your own risk, and follow our{' '}
          <a href="/settings/trust_and_safety">safety tips</a>.
        </p>
      </section>

      <section id="liability">
        <h2>11. Limitation of liability</h2>
        <p>
          To the fullest extent the law allows, we are not liable for any indirect, incidental, special, consequential
          or punitive damages, or for lost profits, data or goodwill, arising from the Service or from dealings between
          users.{' '}
          <strong>
            Our total liability to you for all claims is limited to the greater of $100 or the total payments you made
            to us in the 12 months before the claim arose.
          </strong>
        </p>
      </section>

      <section id="indemnity">
        <h2>12. Indemnity</h2>
        <p>
          If a claim is brought against us because of your content, your sales or purchases, or your breach of these
          Terms, you agree to cover the reasonable losses and costs, including legal fees, that we incur as a result.
        </p>
      </section>

      <section id="dispute-resolution">
        <h2>13. Dispute resolution and arbitration</h2>
        <h3>Talk to us first</h3>
        <p>
          Before starting a formal claim, send a written notice of dispute to <a href={mailtoUrl(campus)}>{email}</a>{' '}
          with your name, username, a description of the problem and what you are asking for. We will do the same if we
          have a dispute with you. If the dispute isn’t resolved <strong>within 30 days</strong> after the notice is
          received, either side may start arbitration.
        </p>
        <h3>Agreement to arbitrate</h3>
        <p>
          You and we agree that any dispute arising from these Terms or the Service will be settled by binding
          individual arbitration, before a single neutral arbitrator from a nationally recognized arbitration provider
          under its consumer arbitration rules, instead of in court. Either side may still bring an individual claim in
          small claims court, or ask a court to stop the misuse of intellectual property.
        </p>
        <p>
          <strong>For claims under $10,000, the arbitration will be held by telephone</strong>, or on written
          submissions alone if both sides agree, unless the arbitrator decides that an in-person hearing is needed.
        </p>
        <h3>No class actions</h3>
        <p>
          Claims may only be brought individually, not as a plaintiff or class member in any class, collective or
          representative proceeding, and the arbitrator may not combine claims of more than one person.
        </p>
        <h3>Your right to opt out</h3>
        <p>
          You can opt out of this agreement to arbitrate by emailing <a href={mailtoUrl(campus)}>{email}</a>{' '}
          <strong>within 30 days</strong> of first accepting these Terms. Include your name, your username and a clear
          statement that you want to opt out of arbitration. Opting out does not affect any other part of these Terms.
        </p>
        <h3>Time limit for claims</h3>
        <p>
          Any claim arising from these Terms or the Service must be filed <strong>within 1 year</strong> after it arose.
          After that, the claim is permanently barred.
        </p>
      </section>

      <section id="governing-law">
        <h2>14. Governing law</h2>
        <p>
          The Federal Arbitration Act governs section 13. Otherwise, these Terms are governed by the laws of the State
          of Oklahoma and of the United States, without regard to conflict-of-law rules. Any dispute that is not subject
          to arbitration will be heard only in the state or federal courts located in Oklahoma, and you and we consent
          to their jurisdiction.
        </p>
      </section>

      <section id="general">
        <h2>15. Changes and general terms</h2>
        <p>
          We may update these Terms from time to time. When we do, we will change the date at the top of this page, and
          for important changes we will let you know in the app or by email before they take effect. If you keep using
          the Service after that, you accept the new Terms. If any part of these Terms can’t be enforced, the rest still
          applies. These Terms, together with the policies they link to, are the whole agreement between you and us
          about the Service.
        </p>
      </section>

      <section id="contact">
        <h2>16. Contact</h2>
        <p>
          Questions about these Terms? Email us at <a href={mailtoUrl(campus, `${brand} Terms of Service`)}>{email}</a>{' '}
          or visit <a href="/settings/help">Customer Support</a>.
        </p>
      </section>
    </>
  );
}
