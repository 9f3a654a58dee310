/**
 * Signing up and in, account forms' validation and account protections (docs/product/accounts.md).
 * Part of the message catalogue (../messages.ts).
 */

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
 * Sign-in code refusals in better-auth's own words: clients read the codes (INVALID_OTP,
 * INVALID_OTP_TYPE), so these stay the library's.
 */
export const AUTH_SERVER_MESSAGES = {
  invalidCode: 'Invalid OTP',
  invalidCodeType: 'Invalid OTP type',
} as const;
