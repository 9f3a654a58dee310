/**
 * The push module's face (decision 041): the routes, the keys, the sender and the push of
 * claimed notifications (jobs/push.ts).
 */
export { resolveVapidKeys } from './push.keys.ts';
export { pushRoutes } from './push.routes.ts';
export { httpPushSender, type PushSender } from './push.sender.ts';
export { type PushDeps, type PushResult, pushNotifications } from './push.service.ts';
