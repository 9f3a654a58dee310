import type { CampusResponse } from '@campus/contract';
import type { JSX } from 'react';
import AboutContent from './about.tsx';
import CookiesContent from './cookies.tsx';
import FeedbackContent from './feedback.tsx';
import HelpContent from './help.tsx';
import HowItWorksContent from './how-it-works.tsx';
import PrivacyContent from './privacy.tsx';
import ReturnsContent from './returns.tsx';
import TermsContent from './terms.tsx';
import TrustAndSafetyContent from './trust-and-safety.tsx';

/**
 * The static information pages, keyed by the last path segment of their settings route
 * (e.g. /settings/trust_and_safety). Each title is also the page's single <h1>.
 */
export const STATIC_PAGES = {
  about: { title: 'About', Component: AboutContent },
  howitworks: { title: 'How It Works', Component: HowItWorksContent },
  returns: { title: 'Return Policy', Component: ReturnsContent },
  trust_and_safety: { title: 'Trust and Safety', Component: TrustAndSafetyContent },
  terms: { title: 'Terms of Service', Component: TermsContent },
  privacy: { title: 'Privacy Policy', Component: PrivacyContent },
  cookies: { title: 'Cookie Policy', Component: CookiesContent },
  help: { title: 'Customer Support', Component: HelpContent },
  feedback: { title: 'Give Us Feedback', Component: FeedbackContent },
} as const satisfies Record<string, { title: string; Component: (p: { campus: CampusResponse }) => JSX.Element }>;
