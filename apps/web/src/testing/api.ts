import type {
  AccountSettings,
  BoostStarted,
  BuyerCandidates,
  CampusResponse,
  CampusSummary,
  ChatMeetups,
  ChatOffers,
  ChatPage,
  EditablePost,
  ErrorCode,
  FeedPage,
  Inbox,
  ListingStatusResponse,
  MarkNotificationsReadResponseSchema,
  MeetupResponse,
  MeResponse,
  Message,
  ModerationActionResponse,
  ModerationLog,
  ModerationQueue,
  NotificationList,
  NotificationSettings,
  OfferResponse,
  PopularSearchesSchema,
  Post,
  PostAlert,
  PostBoostStatus,
  PostList,
  PostPage,
  ProfileReviews,
  PublicProfile,
  PushDevice,
  PushKeyResponse,
  PushSubscriptionResponse,
  RecentSearchesSchema,
  ReportContentResponse,
  ReviewResponse,
  SaleReviews,
  SavedSearchList,
  SearchPeopleList,
  SearchSuggestionsSchema,
  SeenResponseSchema,
  TestCheckoutSession,
  UnreadCounts,
  UnsubscribeResponseSchema,
} from '@campus/contract';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The answer type of a contract schema that has no type alias of its own. */
type Parsed<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;

/**
 * What the API answers, by `METHOD /path` as the server's routes name them (apps/server),
 * in the contract's types: a handler that answers the wrong shape fails typecheck.
 * `null` is an empty answer (204). Add an endpoint here when a test needs it.
 */
interface ApiAnswers {
  'GET /api/campus': CampusResponse;
  'GET /api/me': MeResponse;
  'GET /api/unread-counts': UnreadCounts;
  'GET /api/campuses': CampusSummary[];
  // Feed
  'GET /api/posts': FeedPage;
  'GET /api/posts/media': PostList;
  // Posts and listings (docs/product/selling.md)
  'GET /api/posts/:postId/edit': EditablePost;
  'PATCH /api/posts/:postId': Post;
  'POST /api/posts/:postId/renew': Post;
  // Messages
  'GET /api/chats': Inbox;
  'GET /api/chats/:chatId': ChatPage;
  'POST /api/chats/:chatId/messages': Message;
  'POST /api/chats/:chatId/seen': Parsed<typeof SeenResponseSchema>;
  // Search
  'GET /api/search/posts': PostList;
  'GET /api/search/people': SearchPeopleList;
  'GET /api/search/suggestions': Parsed<typeof SearchSuggestionsSchema>;
  'GET /api/search/popular': Parsed<typeof PopularSearchesSchema>;
  'GET /api/search/recent': Parsed<typeof RecentSearchesSchema>;
  'POST /api/search/recent': Parsed<typeof RecentSearchesSchema>;
  'DELETE /api/search/recent': Parsed<typeof RecentSearchesSchema>;
  'DELETE /api/search/recent/:searchId': Parsed<typeof RecentSearchesSchema>;
  // Saved searches and notification settings (docs/product/notifications.md)
  'GET /api/saved-searches': SavedSearchList;
  'POST /api/saved-searches': SavedSearchList;
  'DELETE /api/saved-searches/:savedSearchId': SavedSearchList;
  'GET /api/me/notification-settings': NotificationSettings;
  'PATCH /api/me/notification-settings': NotificationSettings;
  'GET /api/push/devices': { devices: PushDevice[] };
  'PATCH /api/push/devices/:deviceId': PushDevice;
  'GET /api/unsubscribe': Parsed<typeof UnsubscribeResponseSchema>;
  'POST /api/unsubscribe': Parsed<typeof UnsubscribeResponseSchema>;
  // Profiles
  'GET /api/profiles/:username': PublicProfile;
  'GET /api/profiles/:username/posts': PostList;
  // Settings
  'GET /api/me/account': AccountSettings;
  'PUT /api/me/username': AccountSettings;
  'PUT /api/me/password': null;
  // Boosting
  'GET /api/posts/:postId/boost': PostBoostStatus;
  'POST /api/posts/:postId/boost': BoostStarted;
  'POST /api/posts/:postId/alert': PostAlert;
  'GET /api/test-checkout/:sessionId': TestCheckoutSession;
  // Post page and deals (docs/product/selling.md)
  'GET /api/posts/:postId': PostPage;
  'GET /api/posts/:postId/buyers': BuyerCandidates;
  'PUT /api/posts/:postId/status': ListingStatusResponse;
  'POST /api/posts/:postId/offers': OfferResponse;
  'GET /api/chats/:chatId/offers': ChatOffers;
  'POST /api/offers/:offerId/accept': OfferResponse;
  'POST /api/offers/:offerId/decline': OfferResponse;
  'POST /api/offers/:offerId/withdraw': OfferResponse;
  'POST /api/offers/:offerId/counter': OfferResponse;
  // Meet-ups (docs/product/safety.md#meet-ups)
  'GET /api/chats/:chatId/meetups': ChatMeetups;
  'POST /api/chats/:chatId/meetups': MeetupResponse;
  'POST /api/meetups/:meetupId/accept': MeetupResponse;
  // Reviews (docs/product/reviews.md)
  'GET /api/posts/:postId/review': SaleReviews;
  'POST /api/posts/:postId/review': ReviewResponse;
  'POST /api/reviews/:reviewId/reply': ReviewResponse;
  'GET /api/profiles/:username/reviews': ProfileReviews;
  // Auth
  'POST /api/auth/sign-out': Record<string, unknown>;
  // Moderation (docs/product/moderation.md)
  'POST /api/reports': ReportContentResponse;
  'GET /api/moderation/queue': ModerationQueue;
  'POST /api/moderation/actions': ModerationActionResponse;
  'GET /api/moderation/log': ModerationLog;
  // Notifications
  'GET /api/notifications': NotificationList;
  // Push (decision 041)
  'GET /api/push/key': PushKeyResponse;
  'POST /api/push/subscriptions': PushSubscriptionResponse;
  'GET /api/notifications/mentions': PostList;
  'POST /api/notifications/read': Parsed<typeof MarkNotificationsReadResponseSchema>;
}
type Endpoint = keyof ApiAnswers;

/** A refusal as the API words it (the contract's ApiError body). */
class ApiRefusal {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly message: string,
  ) {}
}

/** Answer with the API's error body: `status`, the stable `code` and the `message` people read. */
export const refuse = (status: number, code: ErrorCode, message: string) => new ApiRefusal(status, code, message);

/** One request a handler answered: what the app sent. */
interface ApiCall {
  /** The path's `:name` parts. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** JSON bodies parsed; multipart bodies as FormData; none as undefined. */
  body: unknown;
}

type Reply<E extends Endpoint> = ApiAnswers[E] | ApiRefusal;
/** A fixed answer, or one made from the request (may wait on a promise the test resolves). */
export type Answer<E extends Endpoint> = Reply<E> | ((call: ApiCall) => Reply<E> | Promise<Reply<E>>);
type Answers = { [E in Endpoint]?: Answer<E> };

const apiServer = setupServer();

const answered: { endpoint: Endpoint; call: ApiCall }[] = [];

async function readBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return request.json();
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text === '' ? undefined : text;
}

function toResponse(reply: unknown): Response {
  if (reply instanceof ApiRefusal) {
    const { status, code, message } = reply;
    return HttpResponse.json({ statusCode: status, code, message }, { status });
  }
  if (reply === null) return new HttpResponse(null, { status: 204 });
  return HttpResponse.json(reply as Record<string, unknown>);
}

function handlerFor<E extends Endpoint>(endpoint: E, answer: Answer<E>) {
  const [method, path] = endpoint.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
  const route = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete }[method];
  return route(path, async ({ request, params }) => {
    const call: ApiCall = {
      params: params as Record<string, string>,
      query: new URL(request.url).searchParams,
      body: await readBody(request),
    };
    answered.push({ endpoint, call });
    return toResponse(typeof answer === 'function' ? await answer(call) : answer);
  });
}

/**
 * Answers these endpoints for the rest of the test, ahead of anything answered before. A
 * request no handler answers fails the test (`onUnhandledRequest: 'error'`, testing/setup.ts).
 */
export function mockApi(answers: Answers): void {
  const entries = Object.entries(answers) as [Endpoint, Answer<Endpoint>][];
  apiServer.use(...entries.map(([endpoint, answer]) => handlerFor(endpoint, answer)));
}

/** What the app sent to `endpoint` during this test, oldest first. */
export function callsTo(endpoint: Endpoint): ApiCall[] {
  return answered.filter((entry) => entry.endpoint === endpoint).map((entry) => entry.call);
}

/** Starts the server for a test file: every test begins with no handlers and no calls. */
export function startApiServer(): void {
  beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    apiServer.resetHandlers();
    answered.length = 0;
  });
  afterAll(() => apiServer.close());
}
