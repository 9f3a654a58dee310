import type { CampusResponse } from '@campus/contract';
import { brandName, mailtoUrl } from './campus-text.ts';

export default function ReturnsContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);

  return (
    <>
      <h1>Return Policy</h1>
      <p>
        Most things bought on {brand} change hands in person. This page explains what happens when a purchase doesn’t
        work out, and how long you have to tell someone.
      </p>

      <section id="cash-sales">
        <h2>In-person cash sales</h2>
        <p>
          <strong>
            When you pay cash in person, the sale is between you and the other student. {brand} is not a party to it,
            never holds the money, and cannot give refunds for it.
          </strong>
        </p>
        <p>
          That is why the most important step happens before you pay: look the item over, switch it on, try it on, and
          ask questions. If something is wrong after the fact, message the seller. Most students are happy to sort
          things out. If a seller misled you on purpose, report them so we can act on their account. Here is{' '}
          <a href="/settings/trust_and_safety#reporting">how to report a member</a>.
        </p>
      </section>

      <section id="app-payments">
        <h2>Purchases paid through the app</h2>
        <p>
          In some markets you can pay by card through our third-party payment provider. For those purchases, you can ask
          for a refund if the item never arrives, arrives damaged, or is clearly not what the post described. Here is
          the timeline:
        </p>
        <ol>
          <li>
            <strong>Within 2 days of receiving the item,</strong> message the seller. Explain what is wrong and include
            photos. Give them a chance to fix it, for example by taking the item back.
          </li>
          <li>
            <strong>If that doesn’t resolve it, you have 2 more days</strong> to contact the payment provider or{' '}
            <a href="/settings/help">our Customer Support</a>.
          </li>
        </ol>
        <p>
          <strong>That makes a total of 4 days from receiving the item to report a problem.</strong> After that, the
          sale is treated as final.
        </p>
        <p>If you never received the item, contact the seller and then us as soon as you notice it is late.</p>
      </section>

      <section id="what-is-covered">
        <h2>What is and isn’t covered</h2>
        <h3>Usually refunded</h3>
        <ul>
          <li>The item never arrived.</li>
          <li>The item arrived broken or damaged.</li>
          <li>The item is significantly different from the post, such as a different model, missing parts, or fake.</li>
        </ul>
        <h3>Usually not refunded</h3>
        <ul>
          <li>You changed your mind, or found it cheaper somewhere else.</li>
          <li>Wear and flaws that were shown or described in the post.</li>
          <li>Problems reported after the 4-day window.</li>
        </ul>
      </section>

      <section id="contact">
        <h2>Need help?</h2>
        <p>
          Send us a message through <a href="/settings/help">Customer Support</a>, or email us at{' '}
          <a href={mailtoUrl(campus, `${brand} return request`)}>{campus.supportEmail}</a>. Tell us the post, the other
          person’s username, what went wrong and when you received the item.
        </p>
      </section>
    </>
  );
}
