/**
 * Settings, account rows, PIN screens and payments (docs/product/profiles.md#account-rows). Part of
 * the message catalogue (../messages.ts).
 */

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
