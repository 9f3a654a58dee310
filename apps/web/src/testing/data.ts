import type {
  ChatSummary,
  Message,
  ModerationContextItem,
  ModerationLogEntry,
  ModerationQueueGroup,
  Notification,
  Post,
  PostAuthor,
  PublicProfile,
  Review,
  SearchPerson,
} from '@campus/contract';
import { testCampus } from './campus.ts';

/**
 * Records as the API answers them, for route tests: each builder fills every field the
 * contract asks for, and `over` changes what a test is about.
 */
const CREATED = '2026-01-05T10:00:00.000Z';

export const testAuthor = (over: Partial<PostAuthor> = {}): PostAuthor => ({
  id: 'u2',
  username: 'jordanlee',
  firstName: 'Jordan',
  lastName: 'Lee',
  img: null,
  verified: true,
  ...over,
});

export const testPost = (over: Partial<Post> = {}): Post => ({
  id: 'p1',
  campusId: testCampus().id,
  type: 'post',
  author: testAuthor(),
  plainText: 'Desk lamp, barely used',
  category: null,
  priceCents: 1500,
  condition: null,
  status: 'available',
  expired: false,
  editedAt: null,
  previousPriceCents: null,
  parentId: null,
  rootId: null,
  media: [],
  likesCount: 0,
  commentsCount: 0,
  likedByViewer: false,
  createdAt: CREATED,
  lastModified: CREATED,
  ...over,
});

export const testChat = (over: Partial<ChatSummary> = {}): ChatSummary => ({
  id: 'c1',
  otherUser: testAuthor(),
  lastMessage: 'Is the lamp still available?',
  lastMessageId: 'm1',
  unread: false,
  blocked: false,
  blockedByViewer: false,
  createdAt: CREATED,
  lastModified: CREATED,
  ...over,
});

export const testMessage = (over: Partial<Message> = {}): Message => ({
  id: 'm1',
  chatId: 'c1',
  senderId: 'u2',
  text: null,
  plainText: 'Is the lamp still available?',
  photo: null,
  sharedPost: null,
  offerId: null,
  meetupId: null,
  scamWarning: false,
  likesCount: 0,
  likedByViewer: false,
  status: null,
  createdAt: CREATED,
  ...over,
});

export const testProfile = (over: Partial<PublicProfile> = {}): PublicProfile => ({
  id: 'u2',
  username: 'jordanlee',
  firstName: 'Jordan',
  lastName: 'Lee',
  img: null,
  imgSmall: null,
  bio: null,
  createdAt: CREATED,
  verified: true,
  schoolVerified: true,
  campusId: testCampus().id,
  profileSetUp: true,
  postCount: 1,
  isOwn: false,
  blocked: false,
  blockedByViewer: false,
  ...over,
});

export const testPerson = (over: Partial<SearchPerson> = {}): SearchPerson => ({
  ...testAuthor(),
  campusId: testCampus().id,
  ...over,
});

export const testNotification = (over: Partial<Notification> = {}): Notification => ({
  id: 'n1',
  type: 'like',
  fromUser: testAuthor(),
  postId: 'p1',
  chatId: null,
  message: 'Desk lamp, barely used',
  read: false,
  createdAt: CREATED,
  ...over,
});

export const testReview = (over: Partial<Review> = {}): Review => ({
  id: 'r1',
  postId: 'p1',
  listingTitle: 'Desk lamp, barely used',
  author: testAuthor({ id: 'u3', username: 'sambuyer', firstName: 'Sam', lastName: 'Buyer' }),
  subject: testAuthor(),
  authorRole: 'buyer',
  stars: 5,
  text: 'Lamp works great, Jordan was on time.',
  reply: null,
  repliedAt: null,
  published: true,
  canReply: false,
  createdAt: CREATED,
  ...over,
});

/** A piece of content as the moderation queue shows it (docs/product/moderation.md#the-queue). */
export const testContextItem = (over: Partial<ModerationContextItem> = {}): ModerationContextItem => ({
  id: 'p9',
  author: testAuthor(),
  plainText: 'Selling my TI-84, pay by gift card first',
  photos: [],
  createdAt: CREATED,
  reported: true,
  moderation: null,
  ...over,
});

/** One target's open reports: a reported post by Jordan Lee, reported once for a scam with a note. */
export const testQueueGroup = (over: Partial<ModerationQueueGroup> = {}): ModerationQueueGroup => ({
  target: { type: 'post', id: 'p9' },
  author: testAuthor(),
  authorStanding: { status: 'good' },
  moderation: null,
  reportCount: 1,
  firstReportedAt: CREATED,
  reports: [
    {
      id: 'rep1',
      reporter: testAuthor({ id: 'u4', username: 'rileyk', firstName: 'Riley', lastName: 'Kim' }),
      reason: 'scam',
      note: 'Asked me for a gift card code before meeting.',
      createdAt: CREATED,
    },
  ],
  content: { type: 'post', post: testContextItem() },
  ...over,
});

/** A line of the audit log: Avery Carter (the test moderator) removed a post of Jordan Lee. */
export const testLogEntry = (over: Partial<ModerationLogEntry> = {}): ModerationLogEntry => ({
  id: 'l1',
  moderator: testAuthor({ id: 'u1', username: 'averycarter', firstName: 'Avery', lastName: 'Carter' }),
  action: 'remove',
  target: { type: 'post', id: 'p9' },
  subject: testAuthor(),
  reason: 'Gift card scam',
  days: null,
  createdAt: CREATED,
  ...over,
});
