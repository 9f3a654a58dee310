import type { CampusResponse } from '@campus/contract';
import { brandName, locationPhrase, OPERATOR_NAME, schoolName, studentsPhrase } from './campus-text.ts';

export default function AboutContent({ campus }: { campus: CampusResponse }) {
  const brand = brandName(campus);
  const location = locationPhrase(campus);

  return (
    <>
      <h1>About</h1>
      {campus.isHub ? (
        <p>
          {brand} is a network of private communities where {studentsPhrase(campus)} buy, sell and socialize. Every
          school has its own community, with its own feed and its own members. This page is the front door: it helps you
          find your school and join the community that belongs to it.
        </p>
      ) : (
        <p>
          {brand} is a private community where {studentsPhrase(campus)} buy, sell and socialize
          {location ? ` in and around ${location}` : ''}. Think of it as the campus notice board, the group chat and the
          yard sale rolled into one, open only to people from your school.
        </p>
      )}

      <section id="joining">
        <h2>Who can join</h2>
        <p>
          To post, comment or message, you need to be a verified member. You join by verifying your school email: enter
          the address {schoolName(campus)} gave you, and we send a 4-digit PIN to that inbox. Type the PIN in, and you
          are in. Before your first post you will also add a profile photo and a short bio, so people know who they are
          dealing with.
        </p>
        {campus.isHub ? (
          <p>
            <a href="/search_schools">Find your school and join its community</a>
          </p>
        ) : (
          <p>
            <a href="/settings/account/school_email">Verify your school email to join {brand}</a>
          </p>
        )}
      </section>

      <section id="what-you-can-do">
        <h2>What you can do here</h2>
        <ul>
          <li>Post things you want to sell, with up to 10 photos or videos, a price and a category.</li>
          <li>Browse the feed or search for posts, photos and people.</li>
          <li>Comment on posts, reply to other comments, and like posts to save them for later.</li>
          <li>Message other students privately to ask questions and arrange a meet-up.</li>
          <li>Share the odd non-sale post too: lost and found, study groups, events, recommendations.</li>
          <li>Boost a post to put it in front of more people when you really need it gone.</li>
        </ul>
      </section>

      <section id="payments">
        <h2>How paying works</h2>
        <p>
          Most sales on {brand} are simple: the buyer and the seller meet in person, the buyer checks the item, and pays
          in cash. That deal is between the two students involved. In some markets you can also pay by card through a
          third-party payment provider, which handles the card details and the seller’s identity and bank details
          itself.
        </p>
        <p>
          Read our <a href="/settings/returns">Return Policy</a> and our{' '}
          <a href="/settings/trust_and_safety">Trust and Safety guidelines</a> before your first deal.
        </p>
      </section>

      <section id="many-campuses">
        <h2>One service, many campuses</h2>
        <p>
          {OPERATOR_NAME} runs a separate community for each school it serves, from a single service. Each campus has
          its own web address, colors and member list, and posts stay inside the campus where they were made. Your
          account belongs to the campus of the school email you verified.
        </p>
        <p>
          <a href="/search_schools">See the list of schools on {OPERATOR_NAME}</a>
        </p>
      </section>

      <section id="contact">
        <h2>Get in touch</h2>
        <p>
          Questions, ideas or something not working? Visit <a href="/settings/help">Customer Support</a> or{' '}
          <a href="/settings/feedback">give us feedback</a>. We read everything.
        </p>
      </section>
    </>
  );
}
