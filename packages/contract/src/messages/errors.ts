/**
 * The server's refusals the spec has no words for: the HTTP layer and access (docs/security.md).
 * Part of the message catalogue (../messages.ts).
 */

/**
 * Answers of the HTTP layer itself (docs/security.md#hostile-input): the spec has no wording for them, so
 * these are ours. Each goes with its code in ERROR_CODES.
 */
export const HTTP_ERROR_MESSAGES = {
  /** 413 PAYLOAD_TOO_LARGE: a body over the route's size limit. */
  payloadTooLarge: 'That is too large to send.',
  /** 415 UNSUPPORTED_MEDIA_TYPE: a body of a type the route does not read. */
  unsupportedMediaType: 'This kind of content is not accepted here.',
  /** 429 RATE_LIMITED: too many changes in a short time. */
  rateLimited: 'You are doing that too often. Please wait a minute and try again.',
  /** 400 BAD_REQUEST: a body or address the server cannot read (malformed, NUL bytes, nested too deep). */
  malformedRequest: 'The request could not be read.',
  /** 400 INVALID_CURSOR: a page cursor that was not made by the server. */
  invalidCursor: 'Invalid page cursor.',
  /** 400 INVALID_URL: an address whose percent-escapes do not decode. */
  malformedUrl: 'Malformed URL.',
  /** 400 INVALID_URL: an address that decodes to a NUL character. */
  nulInUrl: 'The request contains a NUL character.',
  /** 404 NOT_FOUND: nothing at this address (or nothing the asker may know of). */
  notFound: 'Not found.',
  /** 404 NOT_FOUND from the web fallback: an /api address no route answers. */
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
  /** 403 CROSS_SITE_REQUEST: a changing request sent by another site's page. */
  crossSiteRequest: 'Cross-site requests are not allowed.',
  /** 400 on GET /api/events: a Last-Event-ID that is not an event number. */
  invalidLastEventId: 'Invalid Last-Event-ID.',
  /** 429 on GET /api/events: the user already holds the most live streams allowed. */
  tooManyEventStreams: 'Too many open event streams.',
  /** 400 INVALID_BODY on the payment webhook: a body that is not the raw bytes the provider signed. */
  invalidWebhookBody: 'Invalid webhook body.',
  /** 400 INVALID_SIGNATURE on the payment webhook: a signature that does not match the body. */
  invalidSignature: 'Invalid signature.',
  /** 503 UNAVAILABLE: a part the request needs is not running. */
  unavailable: 'Service unavailable.',
  /** 500 INTERNAL: a failure of ours; the details go to the log, never to the client. */
  internalError: 'Something went wrong.',
} as const;

/**
 * Who may do what: the refusals of the session guards and campus policies. The spec has no
 * words for them (the web asks a visitor to sign in before sending such a request); ours.
 */
export const ACCESS_SERVER_MESSAGES = {
  /** 401 UNAUTHENTICATED: no session. */
  signInRequired: 'You need to log in first.',
  /** 403 EMAIL_NOT_VERIFIED. */
  emailNotVerified: 'Verify your email first.',
  /** 403 SCHOOL_NOT_VERIFIED. */
  schoolEmailNotVerified: 'Verify your school email first.',
  /** 403 FORBIDDEN, when nothing more precise applies. */
  notAllowed: 'You are not allowed to do that.',
  /** 403 NOT_A_MEMBER: messages, notifications and blocks are for members of the campus. */
  membersOnlyMessaging: 'Only members of this campus can message here.',
  /** 403 NOT_A_MEMBER: posting, liking and saving are for members of the campus. */
  membersOnlyPosting: 'Only members of this campus can post here.',
  /** 403 NOT_A_MEMBER: the live event stream of a campus is for its members. */
  membersOnly: 'Only members of this campus can do that.',
  /** 403 NOT_ON_THIS_CAMPUS: a sign-in way this campus does not offer. */
  notOnThisCampus: 'Not available on this campus.',
  /** 404 CAMPUS_NOT_FOUND. */
  campusNotFound: 'Campus not found.',
} as const;
