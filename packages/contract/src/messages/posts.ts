/**
 * Posts, comments, the feed and uploads (docs/product/community.md). Part of the message catalogue
 * (../messages.ts).
 */

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

/** Post refusals the spec has no words for: our wording. */
export const POST_SERVER_MESSAGES = {
  /** 400 EMPTY_POST: a post needs text or a photo or video. */
  emptyPost: 'Write something or add a photo or video.',
  /** 403 NOT_THE_AUTHOR. */
  notTheAuthor: 'Only the author can delete this.',
} as const;
