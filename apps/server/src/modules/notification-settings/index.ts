/**
 * The notification-settings module's face (docs/product/notifications.md, decision 040): the
 * routes, a member's settings for the mail jobs and the push module, and the unsubscribe links
 * every notification email carries.
 */
export { notificationSettingsRoutes } from './notification-settings.routes.ts';
export {
  membersWithPreviewsOff,
  unsubscribeLinks,
} from './notification-settings.service.ts';
