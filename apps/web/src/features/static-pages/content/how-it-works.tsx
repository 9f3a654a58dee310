import type { CampusResponse } from '@campus/contract';
import { brandName, schoolName } from './campus-text.ts';

export default function HowItWorksContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);

  return (
    <>
      <h1>How It Works</h1>
      <p>
        {brand} connects you with other students from {schoolName(campus)} who have what you need, or want what you no
        longer use. Here is how a typical deal goes.
      </p>

      <section id="buying">
        <h2>Buying</h2>
        <ol>
          <li>
            <strong>Join your campus.</strong> Verify your school email with the 4-digit PIN we send you. Only verified
            students can message sellers.
          </li>
          <li>
            <strong>Find something you like.</strong> Scroll the feed, or <a href="/search">search posts and people</a>{' '}
            for textbooks, furniture, bikes, tickets and more.
          </li>
          <li>
            <strong>Message the seller.</strong> Tap Send Message on the post to ask questions, check it’s still
            available and agree on a price.
          </li>
          <li>
            <strong>Pick a time and a public place.</strong> A busy spot on campus in daylight works best.
          </li>
          <li>
            <strong>Check the item, then pay.</strong> Most deals are paid in cash in person. Look the item over before
            you hand over any money.
          </li>
        </ol>
      </section>

      <section id="selling">
        <h2>Selling</h2>
        <p>
          <strong>Posting takes under 30 seconds.</strong>
        </p>
        <ol>
          <li>
            <strong>Set up your profile.</strong> Verify your school email and add a profile photo and a short bio.
            Buyers trust a real face and a name.
          </li>
          <li>
            <strong>Snap a few photos.</strong> Add up to 10 photos or videos. Good light and a plain background help
            your item sell faster.
          </li>
          <li>
            <strong>Describe it and set a price.</strong> Say what it is, what condition it’s in and why you’re selling.
            Pick a category so people can find it.
          </li>
          <li>
            <strong>Post it.</strong> Your post appears in your campus feed and in search right away.
          </li>
          <li>
            <strong>Answer messages and meet up.</strong> Agree on a time and place, let the buyer check the item, and
            collect your payment.
          </li>
          <li>
            <strong>Clean up.</strong> Once it’s sold, delete the post so people stop asking about it.
          </li>
        </ol>
      </section>

      <section id="boosting">
        <h2>Want more eyes on your post?</h2>
        <p>
          Boost a post to show it to more people on your campus for a budget you choose. You can follow how it is doing
          in <a href="/ads">Manage Ads</a>.
        </p>
      </section>

      <section id="stay-safe">
        <h2>Stay safe</h2>
        <p>
          Before your first meet-up, read our <a href="/settings/trust_and_safety">Trust and Safety guidelines</a> and
          our <a href="/settings/returns">Return Policy</a>.
        </p>
      </section>
    </>
  );
}
