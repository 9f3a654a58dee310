/**
 * Profiles and the Saved page (docs/product/profiles.md). Part of the message catalogue
 * (../messages.ts).
 */

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
