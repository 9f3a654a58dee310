import { describe, expect, it } from 'vitest';
import {
  AD_MESSAGES,
  AD_STATUSES,
  AUTH_SCREEN_TEXTS,
  adSpendText,
  alertLinkFor,
  CHAT_MESSAGES,
  POST_MESSAGES,
  PROFILE_MESSAGES,
  SEARCH_MESSAGES,
  SETTINGS_MESSAGES,
} from './messages.ts';

describe('messages with placeholders', () => {
  it('fill in the spec templates', () => {
    expect(SETTINGS_MESSAGES.verificationEmailSubject('4821', 'OU')).toBe(
      '4821 is your OU Buy / Sell verification code',
    );
    expect(AUTH_SCREEN_TEXTS.codeSentTo('jo@ou.edu')).toBe('We sent a code to jo@ou.edu');
    expect(SEARCH_MESSAGES.noResults('desk lamp')).toBe('No results for "desk lamp"');
    expect(SEARCH_MESSAGES.placeholder('UT')).toBe('Search UT Buy / Sell');
    expect(CHAT_MESSAGES.startPrivateConversation('Jane')).toBe('Start a private conversation with Jane');
    expect(CHAT_MESSAGES.removedHeart('Jane')).toBe('Jane removed a heart');
    expect(PROFILE_MESSAGES.report('Jane')).toBe('Report Jane');
    expect(PROFILE_MESSAGES.ago('3h')).toBe('3h ago');
    expect(PROFILE_MESSAGES.counter(12, 160)).toBe('12 / 160');
    expect(POST_MESSAGES.postOf('Jane')).toBe("Jane's post");
    expect(AD_MESSAGES.checkoutError('Card declined')).toBe('An error occurred: Card declined');
  });

  it('names a photo when the liked message has no text', () => {
    expect(CHAT_MESSAGES.reactedWithHeart('Jane', 'see you at 5')).toBe('Jane reacted with a heart: see you at 5');
    expect(CHAT_MESSAGES.reactedWithHeart('Jane', null)).toBe('Jane reacted with a heart: photo');
    expect(CHAT_MESSAGES.reactedWithHeart('Jane', '')).toBe('Jane reacted with a heart: photo');
  });
});

describe('adSpendText', () => {
  it('shows -- of the budget until the ad can spend', () => {
    const texts = Object.fromEntries(AD_STATUSES.map((s) => [s, adSpendText(s, '$3', '$20')]));
    expect(texts).toEqual({
      checkout: '-- of $20',
      'in review': '-- of $20',
      scheduled: '-- of $20',
      active: '$3 of $20',
      paused: '$3 of $20',
      stopped: '$3 of $20',
      rejected: '$3 of $20',
      completed: '$3 of $20',
    });
  });
});

describe('alerts', () => {
  it('link post confirmations to the post and bag messages to the bag', () => {
    expect(alertLinkFor(POST_MESSAGES.posted)).toBe('post');
    expect(alertLinkFor(POST_MESSAGES.postSent)).toBe('post');
    expect(alertLinkFor('Desk lamp added to bag')).toBe('bag');
    expect(alertLinkFor(POST_MESSAGES.replySent)).toBeNull();
  });
});
