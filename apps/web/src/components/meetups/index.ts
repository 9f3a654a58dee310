/** Meet-ups (docs/product/safety.md#meet-ups): what a chat draws of them. */
export { MeetupCard } from './meetup-card.tsx';
export { PinnedMeetup } from './pinned-meetup.tsx';
export { SuggestMeetupDialog } from './suggest-meetup-dialog.tsx';
