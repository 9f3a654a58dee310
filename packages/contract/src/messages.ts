/**
 * The user-facing message catalogue. Every string here is copied character for character
 * from the spec (typographic ’ and … where the spec has them, its typos included), because
 * the spec is binding word for word. Both apps import these constants; never retype a message.
 * Texts with a placeholder are small functions. The few strings the spec does not give are
 * kept apart in UNSPECIFIED_MESSAGES so that they are never mistaken for spec wording.
 */

/** Alert styles (docs/product/community.md#alerts). */
const ALERT_TYPES = ['success', 'okay', 'black', 'danger'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** Email and password sign-in and registration errors (docs/product/accounts.md#sign-in-errors first table, docs/product/accounts.md#banned-addresses, docs/product/accounts.md#forgot-password-rules). */
export const AUTH_MESSAGES = {
  tooManyAttempts:
    'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
  wrongPassword: 'Wrong password!',
  userNotFound: 'Incorrect. Please try again.',
  internalError: 'Internal server error.',
  invalidEmail: 'Invalid email address.',
  invalidCredentials: 'Invalid login credentials.',
  emailInUse: 'Email has already been taken.',
  weakPassword: 'Password too short.',
  unknown: 'Something went wrong. Try again.',
  magicLinkSendFailed: 'An unknown error has occurred',
  magicLinkWrongEmail: 'Failed: Wrong Email.',
  banned: 'Account has been banned',
  /** Forgot password, unknown user (a browser alert; the field is then cleared). */
  forgotPasswordUserNotFound: 'User not found, try again!',
} as const;

/** Google sign-in errors (docs/product/accounts.md#google-sign-in-errors). */
export const GOOGLE_AUTH_MESSAGES = {
  networkError: 'Network error. Please check your connection',
  popupClosed: 'Error: Sign-in process was canceled',
  differentCredential: 'Error: Account already exists with different credentials',
  invalidCredential: 'Error: Invalid credentials',
  accountDisabled: 'Error: That account has been disabled',
  userNotFound: 'Error: User email not found',
  wrongPassword: 'Error: Incorrect password',
  unknown: 'Unknown Error Signing In with Google',
  accountHandlingFailed: 'Error Signing In with Google.',
  banned: 'Account has been banned',
} as const;

/** Texts of the authentication screens, dropdown and logout page (docs/product/accounts.md#sign-in-routes, docs/product/community.md#shell-and-layout). */
export const AUTH_SCREEN_TEXTS = {
  logInSignUp: 'Log In / Sign Up',
  takesSeconds: 'Takes less than a few seconds.',
  continueWithGoogle: 'Continue with Google',
  continueWithEmail: 'Continue with Email',
  forgotPassword: 'Forgot Password',
  continueWithoutPassword: 'Continue without password',
  logInWithPassword: 'Log in with a password instead',
  /** Verify screen, shown with the user's own address. */
  codeSentTo: (email: string) => `We sent a code to ${email}`,
  didntReceiveCode: "Didn't receive the code?",
  /**
   * Under 'Didn't receive the code?' while a resend would mail nothing (a code went out less than
   * a minute ago and still works), counting down (docs/decisions/030-feed-ads-and-rough-edges.md; our wording).
   */
  resendCodeIn: (seconds: number) => `A code is on its way. You can ask for another in ${seconds} s.`,
  resetLinkSent: 'Check your inbox for the link to reset your password. This may take 1-2 minutes.',
  goToLogin: 'Go to login',
  magicLinkSent: 'Your magic link is on its way!',
  resendEmail: 'Resend Email',
  logoutConfirm: 'Are you sure you want to logout?',
  logOut: 'Log out',
  cancel: 'Cancel',
} as const;

/**
 * Field validation messages of the forms (docs/product/accounts.md#name-rules, docs/product/profiles.md#profile-rules). The two 'required' name
 * messages are both spec wording; which one fires when is decided in names.ts.
 */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Invalid email address!',
  passwordRequired: 'Password is required.',
  fullNameRequired: 'Full name is required',
  nameRequired: 'Name is required.',
  nameInvalid: 'Name is Invalid',
  nameCharactersInvalid: 'Your Name is Invalid.',
  verificationCodeRequired: 'Please enter verification code',
  verificationCodeIncorrect: 'Your code was incorrect. Please try again.',
  usernameRequired: 'Username is required.',
  /** The wording says 'longer than 4' but, as coded, exactly 4 passes (docs/product/profiles.md#username-rules). */
  usernameTooShort: 'Must be longer than 4 characters.',
  usernameCharacters: 'Only letters, numbers, _ and -',
  usernameTaken: 'That username has been taken.',
  phoneRequired: 'A phone # is required',
  phoneInvalid: 'Invalid phone #',
  newEmailRequired: 'Enter a new email',
  emailTaken: 'That email is taken.',
  currentPasswordRequired: 'Current password required',
  newPasswordRequired: 'Please enter a new password',
  repeatPasswordRequired: 'Must re-enter new password',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordTooShort: 'Passwords must be 6+ characters',
  genderRequired: 'Must select a gender',
  birthDateIncomplete: 'Please fill in all the fields',
  /** docs/decisions/030-feed-ads-and-rough-edges.md: a day the month does not have ('February 31, 2001'); our wording. */
  birthDateNotReal: "That date doesn't exist.",
  newSchoolEmailRequired: 'Enter a new school email',
  schoolEmailInvalid: 'Enter a valid school email',
  /** The selected campus has no list of school email domains. */
  schoolDomainsMissing: 'Something went wrong',
} as const;

/**
 * Limits the spec enforces only through an input's maxlength, so it shows no message for
 * them. The server still has to answer something when a client bypasses the form; this is
 * our wording, not the spec's (reachable only by a hand-made request).
 */
export const UNSPECIFIED_MESSAGES = {
  passwordTooLong: 'Password must be at most 30 characters.',
  bioTooLong: 'Bio must be at most 160 characters.',
  usernameTooLong: 'Username must be at most 50 characters.',
  phoneTooLong: 'Phone # must be at most 20 characters.',
  emailTooLong: 'Email must be at most 254 characters.',
  /** The database is stopped or hung (503 DATABASE_UNAVAILABLE); the page may simply be retried. */
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
} as const;

/**
 * Account protections the spec does not have (docs/decisions/008-account-hardening.md): our wording, shown as danger alerts.
 * Codes are the server's (CODE_GUESSES_EXCEEDED, CODE_REQUESTS_EXCEEDED).
 */
export const ACCOUNT_SAFETY_MESSAGES = {
  /** 10 wrong codes in 24 hours: every code of the account stops working for the rest of the day. */
  codeGuessesExceeded: 'Too many incorrect codes. For your security, codes for this account are disabled for 24 hours.',
  /** Too many codes requested within an hour. */
  codeRequestsExceeded: 'Too many codes requested. Please wait an hour before asking for a new one.',
  /** An emailed sign-in link opened in a browser that did not ask for it (LINK_FROM_OTHER_BROWSER). */
  linkFromOtherBrowser: 'Open the link in the same browser you asked for it in.',
  /** Another account already verified this school email (409 SCHOOL_EMAIL_TAKEN): one school email, one account. */
  schoolEmailTaken: 'That school email is already verified on another account.',
} as const;

/**
 * Upload refusals the spec has no words for (docs/security.md#profile-pictures-and-uploads): they name the limit, so a person knows
 * what to change. 413 FILE_TOO_LARGE / UPLOAD_TOO_LARGE; the limits are POST_FILE_LIMITS and
 * the server's avatar limit.
 */
export const UPLOAD_MESSAGES = {
  videoTooLarge: 'This video is too large. Videos can be up to 200 MB.',
  photoTooLarge: 'This photo is too large. Photos can be up to 25 MB.',
  avatarTooLarge: 'This picture is too large. Profile pictures can be up to 15 MB.',
  postTooLarge: 'These files are too large together. A post can carry up to 400 MB of photos and videos.',
  /** Multipart bodies that cannot be read (no boundary, cut off, a `post` field that is not JSON). */
  unreadableUpload: 'The upload could not be read. Please try again.',
} as const;

/** Composing, posting and deleting posts and comments (docs/product/community.md#route-table, docs/product/community.md#posting, docs/product/community.md#post-text-limit, docs/product/community.md#content-errors). */
export const POST_MESSAGES = {
  tooManyCharacters: 'Error: Too many characters!',
  submitFailed: 'Something went wrong.',
  onlyPhotosAndVideos: 'Only photos & videos are allowed!',
  tooManyFiles: 'Please choose up to 10 photos.',
  profileIncompleteTitle: 'Your profile is not complete',
  profileIncompleteBody: 'Please pick a profile picture and add a bio before posting.',
  processing: 'Processing...',
  uploadingPost: 'Uploading Post...',
  uploadingPhotos: 'Uploading Photos...',
  posted: 'Posted! Your post was sent.',
  /** Also the alert of /home?filter=notify-posted. */
  postSent: 'Your post was sent',
  replySent: 'Your reply was sent',
  postDeleted: 'Your post was deleted',
  commentRemoved: 'Comment Removed',
  deleteImagesFailed: "Couldn't delete post images",
  postSaved: 'Post saved.',
  save: 'Save',
  saved: 'Saved!',
  discardPostTitle: 'Discard Post?',
  cancelCommentTitle: 'Cancel Comment?',
  categorySwitched: 'Category switched',
  copiedToClipboard: 'Copied to clipboard',
  /** Line of a post of type 'new user'. */
  hasJoined: 'has joined the community',
  /** Header of the post page. */
  postOf: (firstName: string) => `${firstName}'s post`,
} as const;

/** Post detail and deleted posts (docs/product/community.md#post-page, docs/product/community.md#alerts). */
export const POST_DETAIL_MESSAGES = {
  beFirstToComment: 'Be the first to comment',
  createAComment: 'Create A Comment',
  notFound: "Hmm...this page doesn't exist. Try searching for something else.",
  /** A shared post, inside a chat, whose post was deleted. */
  sharedPostDeleted: '* Post deleted **',
  postGone: 'Sorry, that post has been deleted.',
} as const;

/** Feed, media feed and private-campus gate (docs/product/community.md#private-campus, docs/product/community.md#feed, docs/product/community.md#posting, docs/product/community.md#empty-states). */
export const FEED_MESSAGES = {
  endOfList: "You've reached the end.",
  noMedia: 'No Photos / Videos',
  beTheFirst: 'Be the first...',
  nothingYet: 'Nothing to see here - yet',
  privateCommunity: 'This community is private.',
  clickToJoin: 'Click to Join',
} as const;

/** Banners of the shell (docs/product/community.md#shell-and-layout) and the verify-school modal button. */
export const BANNER_TEXTS = {
  verifyYourAccount: 'Verify your account',
  visitYourCampus: 'Visit Your Campus',
  verifyAccount: 'Verify Account',
} as const;

/** The long-running operation modal (docs/product/community.md#modals). */
export const PROGRESS_MODAL_TEXTS = {
  updatingAccount: 'Updating account data...',
  longWait: 'This can take up to 30 seconds. DO NOT re-load the page!',
} as const;

/** The not-found page and /404 (docs/product/community.md#route-table). */
export const NOT_FOUND_TEXTS = {
  error404: 'Error 404',
  pageDoesNotExist: "This page doesn't exist.",
  trySearchingElse: 'Try searching for something else.',
  goToFeed: 'Go To Feed',
} as const;

/** Chats and messages (docs/product/messages.md#inbox-and-chat, docs/product/messages.md#hearts-on-messages, docs/product/messages.md#starting-a-chat, docs/product/messages.md#chat-rules, docs/product/community.md#alerts, docs/product/messages.md#start-conversation-modal). */
export const CHAT_MESSAGES = {
  notFound: "This conversation doesn't exist",
  noUsers: 'No Users',
  selectUser: 'Please select a user!',
  delivered: 'Delivered',
  seen: 'Seen',
  chatDeleted: 'Chat deleted',
  deleteMessagesFailed: "Couldn't delete all chat messages",
  deleteFailed: 'Something went wrong',
  /** Marking a chat read failed (answered with status 500). */
  markReadFailed: 'Something went wrong',
  newConversation: 'New Conversation Started',
  reactionSent: 'Reaction sent.',
  startConversationTitle: 'Start Conversation?',
  startConversation: 'Start Conversation',
  startPrivateConversation: (name: string) => `Start a private conversation with ${name}`,
  /**
   * The chat's last message after a heart: '{first name} reacted with a heart: {text or photo}'.
   * A photo-only message has no text, so the word 'photo' stands in for it.
   */
  reactedWithHeart: (firstName: string, text: string | null) => `${firstName} reacted with a heart: ${text || 'photo'}`,
  removedHeart: (firstName: string) => `${firstName} removed a heart`,
} as const;

/**
 * Chat and block refusals the spec has no words for (docs/decisions/015-chats-notifications-blocks.md): our wording, not the spec's.
 * A chat someone may not see answers CHAT_MESSAGES.notFound, as if it did not exist.
 */
export const CHAT_SERVER_MESSAGES = {
  /** docs/product/messages.md#chat-rules: a chat message needs text or a file. */
  emptyMessage: 'Write a message or add a photo.',
  onePhotoOnly: 'Please choose one photo.',
  cannotMessageSelf: "You can't message yourself.",
  userNotFound: "This user doesn't exist.",
  /** Either side blocked the other (docs/decisions/015-chats-notifications-blocks.md). */
  blocked: "You can't message this user.",
  cannotBlockSelf: "You can't block yourself.",
  messageNotFound: "This message doesn't exist.",
  /** docs/decisions/030-feed-ads-and-rough-edges.md: hearts are for the other person's messages (our wording). */
  cannotHeartOwnMessage: "You can't heart your own message.",
} as const;

/** Block menu (docs/decisions/015-chats-notifications-blocks.md): our wording. */
export const BLOCK_TEXTS = {
  block: (name: string) => `Block ${name}`,
  unblock: (name: string) => `Unblock ${name}`,
  confirm: (name: string) => `Block ${name}? They won't be able to message you or see your posts.`,
} as const;

/** Search box, search page and recent searches (docs/product/search.md#search-box, docs/product/search.md#recent-searches, docs/product/community.md#alerts; docs/product/search.md#search-page, docs/product/search.md#search-failures). */
export const SEARCH_MESSAGES = {
  placeholder: (campusShortName: string) => `Search ${campusShortName} Buy / Sell`,
  popularSearches: 'Popular searches',
  myRecent: 'My Recent',
  clearAll: 'Clear all',
  clear: 'Clear',
  emptyHint: 'Try searching for keywords',
  clearRecentConfirm: 'Clear all recent searches?',
  queryAlreadyAdded: 'That query has already been added.',
  recentRemoved: 'Recent Search Removed',
  historyCleared: 'Search History Cleared',
  startTyping: 'Start typing to search…',
  noResults: (query: string) => `No results for "${query}"`,
  /** Under 'No results for …'; without the full stop of the profile page's variant. */
  tryElse: 'Try searching for something else',
  clickToLoadMore: 'Click To Load More..',
  endOfList: "You've reached the end.",
} as const;

/** Find Your School (docs/product/search.md#search-box, docs/product/search.md#find-your-school, docs/product/search.md#search-failures). */
export const SCHOOL_FINDER_TEXTS = {
  title: 'Find Your School',
  searchSchools: 'Search schools',
  viewYourCampus: 'View Your Campus',
  visitAsGuest: 'Visit As Guest',
  joinCampus: 'Join Campus',
  noSchoolSelected: 'Something went wrong',
} as const;

/** Saved (liked posts) page (docs/product/community.md#shell-and-layout, docs/product/profiles.md#saved-page). */
export const SAVED_TEXTS = {
  title: 'Saved',
  emptyTitle: 'You haven’t liked any posts yet',
  emptyBody: 'When you like a post, it’ll show up here.',
} as const;

/** Profile pages, post-media cards and profile set-up (docs/product/profiles.md#profile-set-up, docs/product/profiles.md#profile-route, docs/product/profiles.md#profile-rules, docs/product/profiles.md#profile-and-settings-messages). */
export const PROFILE_MESSAGES = {
  notFound: 'This page doesn’t exist.',
  trySearchingElse: 'Try searching for something else.',
  copyLinkToProfile: 'Copy link to profile',
  claimAccount: 'Claim this account',
  report: (name: string) => `Report ${name}`,
  userReported: 'User Reported. Thanks for letting us know.',
  editProfile: 'Edit Profile',
  setUpProfile: 'Set up profile',
  sendMessage: 'Send Message',
  ago: (time: string) => `${time} ago`,
  copyLink: 'Copy link',
  delete: 'Delete',
  deletePostTitle: 'Delete Post?',
  deletePostBody:
    'This can’t be undone and it will be removed from your profile, the main feed, and from any search results.',
  onlyPhotos: 'Only photos are allowed!',
  profileUpdated: 'Profile Updated',
  /** Live counter of the bio (and of the post editor with max 500). */
  counter: (count: number, max: number) => `${count} / ${max}`,
  pickPicture: 'Pick a profile picture',
  describeYourself: 'Describe yourself',
  profileFinished: 'Your profile is finished!',
  continuePosting: 'Continue Posting',
  backToHome: 'Back to Home',
  backToProfile: 'Back to Profile',
  profilePhotoUserMissing: "User doesn't exist. Could't change profile photo",
  editBioFailed: "Could't edit bio",
} as const;

/**
 * Profile and settings refusals the spec has no words for (docs/decisions/016-profiles-and-account-settings.md): limits the spec enforces
 * only through an input's maxlength, and refusals of hand-made requests. Our wording.
 */
export const PROFILE_SERVER_MESSAGES = {
  firstNameTooLong: 'First name must be at most 20 characters.',
  lastNameTooLong: 'Last name must be at most 20 characters.',
  reportReasonTooLong: 'Please keep the reason under 500 characters.',
  reportReasonInvalid: 'The reason contains characters that are not allowed.',
  cannotReportSelf: "You can't report yourself.",
  /** 'Claim this account' on a profile whose email is verified already. */
  alreadyClaimed: 'This account has been claimed already.',
  /** 'Claim this account' sends a sign-in link, which only campuses with email-link sign-in offer. */
  claimNotOnThisCampus: 'Claiming an account is not available on this campus.',
  /** Reporting is for members of the campus the profile belongs to. */
  reportNotAMember: 'Only members of this campus can report users.',
} as const;

/** Settings, account rows, PIN screens, payments (docs/product/community.md#alerts, docs/product/profiles.md#account-rows, docs/product/accounts.md#verification-codes, docs/product/profiles.md#profile-and-settings-messages). */
export const SETTINGS_MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  /** A verification code was mailed (okay). The school-email and settings screens write it without the full stop of the 'Email sent.' confirmation (docs/product/community.md#confirmations). */
  codeEmailSent: 'Email sent',
  /** Confirmation of docs/product/community.md#confirmations. */
  emailSent: 'Email sent.',
  invalidPassword: 'Invalid password.',
  profileUpdated: 'Profile Updated',
  accountUpdated: 'Account Updated!',
  removingPhoto: 'Removing photo...',
  emailCheckFailed: 'Something went wrong!',
  emailAvailabilityCheckFailed: 'Error checking if email is available',
  passwordNotAvailable: 'Change your password (not available)',
  clickToAdd: 'click to add',
  joinYourCampus: 'Join your campus',
  changeSchoolEmail: 'Change school email',
  schoolEmailNote: "We use your school email to verify you're account.",
  sendPin: 'Send PIN',
  enterCode: 'Enter code',
  didntReceiveCode: "Didn't receive the code?",
  verify: 'Verify',
  processing: 'Processing...',
  none: 'None',
  yes: 'Yes',
  no: 'No',
  noTransactions: 'No Transactions',
  noPosts: 'No Posts',
  supportPrompt: 'Have an issue? Chat with us.',
  verificationEmailSubject: (code: string, campusShortName: string) =>
    `${code} is your ${campusShortName} Buy / Sell verification code`,
} as const;

/**
 * Ad statuses and the label shown for each (docs/product/boosting.md#ad-statuses, docs/product/profiles.md#payments-page).
 * The stored value 'in review' has a space, as in the spec.
 */
export const AD_STATUS_LABELS = {
  checkout: 'Not Paid',
  'in review': 'In Review',
  scheduled: 'Scheduled',
  active: 'Running',
  paused: 'Paused',
  stopped: 'Stopped',
  rejected: 'Rejected',
  completed: 'Completed',
} as const;
export type AdStatus = keyof typeof AD_STATUS_LABELS;
export const AD_STATUSES = Object.keys(AD_STATUS_LABELS) as [AdStatus, ...AdStatus[]];

/** Statuses before the ad has spent anything: counters and spend show '--' (docs/product/boosting.md#ad-analytics-screen, docs/product/boosting.md#ad-statuses). */
const NOT_YET_SPENDING: ReadonlySet<AdStatus> = new Set(['checkout', 'scheduled', 'in review']);

export function adShowsPlaceholders(status: AdStatus): boolean {
  return NOT_YET_SPENDING.has(status);
}

/** Button label choices of the website goal (docs/product/boosting.md#boost-rules); the first is the default. */
export const CTA_LABELS = ['Visit Website', 'Learn More', 'Shop Now', 'Book Now', 'Sign Up'] as const;
export type CtaLabel = (typeof CTA_LABELS)[number];
export const DEFAULT_CTA_LABEL: CtaLabel = 'Visit Website';

/** Boosting, payment pages and ad management (docs/product/boosting.md#boost-routes, docs/product/boosting.md#ad-statuses, docs/product/boosting.md#boost-rules, docs/product/boosting.md#boosting-messages, docs/product/boosting.md#price). */
export const AD_MESSAGES = {
  /** Not signed in or no post id on the boost page; also the checkout-link browser alert. */
  signInAgain: 'Something Went Wrong. Please logout and try again.',
  websiteRequired: 'Website is required.',
  websiteInvalid: 'Website URL must have https & www.',
  /** Ours: `https://www.ou.edu@evil.example` leads to evil.example (the part before @ is a user name). */
  websiteUserInfo: 'Website URL cannot contain a user name or password (no @ before the address).',
  /** Ours: look-alike letters from other alphabets (IDN, xn--) can imitate another site's name. */
  websiteNotPlain: 'Website address must use plain letters (a-z), digits and hyphens.',
  /** Ours: production without a payment provider (decision 018); no ad is made. */
  paymentsNotConfigured: 'Payments are not configured on this site yet, so posts cannot be boosted.',
  buttonLabelRequired: 'Button label is required.',
  createFailed: 'Something went wrong',
  deleteFailed: 'Something went wrong',
  processing: 'Ad is being processed',
  resumed: 'Ad Resumed!',
  /** Resume failure, worded as spelt in the product (docs/product/boosting.md#boosting-messages). */
  resumeFailed: 'Failed to pause ad',
  titleSaved: 'Saved changes!',
  titleSaveFailed: 'Something went wrong',
  activateFailed: 'Failed to activate ad',
  pauseFailed: 'Failed to pause ad',
  stopFailed: 'Failed to stop ad',
  paused: 'Ad paused successfully',
  stopped: 'Ad stopped.',
  onlyActiveCanPause: 'Only active ads can be paused',
  onlyPausedCanResume: 'Only paused ads can be resumed',
  notFound: 'Ad not found',
  alreadyStopped: 'Ad is already stopped',
  adGone: 'Sorry, that ad has been deleted.',
  checkoutError: (message: string) => `An error occurred: ${message}`,
  notAuthenticated: 'User is not authenticated',
  alreadyBoosted: 'This post is already boosted',
  running: 'Success! Your ad is running..',
  noAds: 'No Ads',
  paymentSuccess: 'Payment Success!',
  adCancelled: 'Ad Cancelled!',
  expired: 'Expired',
  placeholder: '--',
  dailyPrice: '$5 daily',
  boostPost: 'Boost Post',
  boostAgain: 'Boost Again',
  viewAnalytics: 'View Analytics',
} as const;

/**
 * Spend of an ad against its budget (docs/product/profiles.md#payments-page, docs/product/boosting.md#ad-statuses). Amounts arrive formatted
 * (USD via Intl in the app) so that this stays free of locale concerns.
 */
export function adSpendText(status: AdStatus, spent: string, budget: string): string {
  return `${adShowsPlaceholders(status) ? AD_MESSAGES.placeholder : spent} of ${budget}`;
}

/**
 * One-time alerts of the post page, keyed by the stored flag (docs/product/boosting.md#one-time-alerts). Flag names are
 * the spec's, typo included ('actived_ad'). The spec gives no text for cancelled_ad; we show
 * the cancel page's own heading 'Ad Cancelled!' so the owner learns what happened.
 */
export const POST_PAGE_ALERTS = {
  already_boosted: AD_MESSAGES.alreadyBoosted,
  cancelled_ad: AD_MESSAGES.adCancelled,
  actived_ad: AD_MESSAGES.running,
  comment_success: POST_MESSAGES.replySent,
} as const;

/** Links that some alerts carry (docs/product/community.md#alerts). */
export const ALERT_LINK_LABELS = { viewPost: 'View', viewBag: 'View Bag' } as const;

/**
 * Which link an alert carries, decided by its text as the spec states: 'post was sent'
 * adds View (to /post/{id}), 'added to bag' adds View Bag (to /cart).
 */
export function alertLinkFor(message: string): 'post' | 'bag' | null {
  if (message.includes('post was sent')) return 'post';
  if (message.includes('added to bag')) return 'bag';
  return null;
}

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

/** Post refusals the spec has no words for: our wording. */
export const POST_SERVER_MESSAGES = {
  /** 400 EMPTY_POST: a post needs text or a photo or video. */
  emptyPost: 'Write something or add a photo or video.',
  /** 403 NOT_THE_AUTHOR. */
  notTheAuthor: 'Only the author can delete this.',
} as const;

/**
 * Sign-in code refusals in better-auth's own words: clients read the codes (INVALID_OTP,
 * INVALID_OTP_TYPE), so these stay the library's.
 */
export const AUTH_SERVER_MESSAGES = {
  invalidCode: 'Invalid OTP',
  invalidCodeType: 'Invalid OTP type',
} as const;
