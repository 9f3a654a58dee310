import { type CampusResponse, MEETUP_TEXTS, meetupSpotsOf, SCAM_WARNING_TEXT } from '@campus/contract';
import { brandName } from './campus-text.ts';

export default function TrustAndSafetyContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);
  const spots = meetupSpotsOf(campus.slug);

  return (
    <>
      <h1>Trust and Safety</h1>
      <p>
        {brand} works because its members look out for each other. This Code of Conduct applies to everyone who uses{' '}
        {brand}: in posts, comments, messages and meet-ups.
      </p>

      <section id="be-neighborly">
        <h2>Be neighborly</h2>
        <ul>
          <li>Treat people the way you would treat a classmate sitting next to you. Disagree without insults.</li>
          <li>Reply to messages, turn up when you said you would, and say so early if your plans change.</li>
          <li>No harassment, bullying, threats or hate speech, and no unwanted messages after someone says no.</li>
          <li>Keep other people’s personal details private. Don’t post someone’s phone number, address or photo.</li>
        </ul>
      </section>

      <section id="be-ethical">
        <h2>Be ethical</h2>
        <ul>
          <li>Describe items honestly and use your own photos. Mention scratches, missing parts and other flaws.</li>
          <li>
            Only sell things you own and that are legal to sell: no weapons, drugs, alcohol, stolen goods, counterfeits
            or fake IDs.
          </li>
          <li>No academic dishonesty: don’t sell exam answers, completed assignments or essay writing.</li>
          <li>Use one account, under your real name. Don’t pretend to be someone else.</li>
          <li>No scams, no spam, and no pressuring people into a deal.</li>
        </ul>
      </section>

      <section id="be-proactive">
        <h2>Be proactive</h2>
        <ul>
          <li>If a post, message or profile looks wrong, report it. You don’t need to be sure; we will take a look.</li>
          <li>Never share your password or a verification PIN, even with someone claiming to be from {brand}.</li>
          <li>
            Be wary of anyone who wants to move the conversation off the app, asks for payment in advance or gift cards,
            or offers more than the asking price.
          </li>
        </ul>
      </section>

      <section id="zero-tolerance">
        <h2>Zero tolerance</h2>
        <p>
          <strong>
            We have zero tolerance for threats, violence, harassment, discrimination, scams and the sale of illegal
            items.
          </strong>{' '}
          We remove that content and may suspend or permanently ban the accounts involved, without warning. Where
          someone’s safety is at risk, we may also share information with campus police or law enforcement.
        </p>
      </section>

      <section id="reporting">
        <h2>How to report</h2>
        <p>Report problems through the app so we have the details we need:</p>
        <ul>
          <li>
            To report a person, go to their profile, open the menu at the top and choose Report followed by their name.
          </li>
          <li>
            For anything else, such as a post, a message or a deal gone wrong, contact{' '}
            <a href="/settings/help">Customer Support</a>.
          </li>
        </ul>
        <p>
          <strong>If you are in danger, call 911 first.</strong>
        </p>
      </section>

      <section id="meeting-up">
        <h2>Meeting up safely</h2>
        <ul>
          <li>Meet in a busy public place, such as a student union or library lobby, ideally in daylight.</li>
          <li>Many campus police departments have a safe exchange spot. Use it for valuable items.</li>
          <li>Tell a friend where you are going and who you are meeting, or bring them along.</li>
          <li>Don’t share your home address or dorm room number until you trust the other person.</li>
          <li>Check the item before paying: switch electronics on, try clothes on, count cash before you hand over.</li>
          <li>Keep your conversation in the app, so there is a record if something goes wrong.</li>
          <li>Trust your instincts. If something feels off, walk away and report it.</li>
        </ul>
      </section>

      <section id="meet-up-spots">
        <h2>{MEETUP_TEXTS.safetyHeading}</h2>
        {spots.length === 0 ? (
          <p>{MEETUP_TEXTS.noSpots}</p>
        ) : (
          <>
            <p>{MEETUP_TEXTS.safetyIntro(campus.shortName)}</p>
            <ul>
              {spots.map((spot) => (
                <li key={spot.id}>
                  <strong>{spot.name}</strong>. {spot.description}{' '}
                  <em>
                    {MEETUP_TEXTS.hoursLabel}: {spot.hours}
                  </em>
                </li>
              ))}
            </ul>
          </>
        )}
      </section>

      <section id="scam-warnings">
        <h2>Warnings in chats</h2>
        <p>
          When a message asks you to pay before you have seen the item, to move the conversation to another app, or to
          pay by gift card, wire transfer or a payment app, we show a quiet note under it: “{SCAM_WARNING_TEXT}” The
          message still arrives; the note is there to make you pause.
        </p>
      </section>
    </>
  );
}
