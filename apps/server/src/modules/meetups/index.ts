/**
 * The meetups module's face (docs/product/safety.md#meet-ups): suggesting a safe meet-up spot in
 * a chat, accepting one, and a chat's meet-up cards with the pinned one.
 */
export { meetupsRoutes } from './meetups.routes.ts';
