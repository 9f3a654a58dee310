/** Business constants and limits (docs/product/community.md#limits, docs/product/profiles.md#profile-and-settings-limits, docs/product/boosting.md#price). */
export const LIMITS = {
  postTextMax: 500,
  /** Each line break between blocks counts this many extra characters. */
  postBlockBreakWeight: 2,
  filesPerPost: 10,
  filesPerChatMessage: 1,
  bioMax: 160,
  nameMax: 20,
  nameMinAtRegistration: 2,
  passwordMin: 6,
  passwordMax: 30,
  usernameMin: 4,
  usernameMax: 50,
  phoneInputMax: 20,
  adTitleMax: 50,
  adUrlMax: 50,
  postPreviewChars: 200,
  verificationCodeMin: 1000,
  verificationCodeMax: 9999,
  verificationCodeTtlMs: 2 * 60 * 60 * 1000,
  birthYearMin: 1970,
  birthYearMax: 2021,
} as const;

export const PAGE_SIZES = {
  feed: 15,
  /** First page of the feed on the campuses that ask for a fuller first screen. */
  feedFirst: 25,
  liked: 10,
  notifications: 15,
  messages: 15,
  profileLists: 10,
  search: 10,
  popularSearchesFetched: 14,
  popularSearchesShown: 4,
} as const;

export const SCROLL = {
  feedThresholdPx: 251,
  savedThresholdPx: 1,
  chatOlderThresholdPx: 67,
  loadLockMs: 1000,
  /** Lists stop loading when a page returns fewer than this many items. */
  feedStopBelow: 2,
  listsStopBelow: 9,
} as const;

export const ALERT_TIMING = {
  defaultDismissMs: 2600,
  longDismissMs: 7800,
  progressStepPercent: 0.5,
  progressStepMs: 12,
  tooManyCharactersDebounceMs: 3000,
  copyResetMs: 1000,
  mobileRedirectAfterPostMs: 1000,
  mobileCommentSpinnerResetMs: 2500,
  profileUpdateWaitMs: 30_000,
} as const;

export const BREAKPOINTS = {
  mobile: 769,
  tablet: 1000,
  sidebarCollapse: 1170,
  mediaSmall: 480,
  mediaMedium: 767,
} as const;

export const MEDIA_DISPLAY = {
  maxWidth: 500,
  maxHeight: 350,
  maxHeightDesktop: 400,
  maxHeightSmall: 200,
} as const;

export const ADS = {
  /** Sponsored post inserted after every Nth feed post. */
  insertEvery: 4,
  centsPerDay: 500,
  minDays: 1,
  maxDays: 30,
  defaultDays: 4,
  reachFixed: '590 - 1,500',
  reachUntilPaused: '980 - 2,600',
} as const;

export const FOOTER_YEAR = 2025;
export const ALLOWED_COUNTRY = 'US';

export const POST_FILE_TYPES = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'mp4', 'mov', 'avi', 'quicktime'] as const;
export const AVATAR_FILE_TYPES = ['png', 'gif', 'jpeg', 'jpg'] as const;
