/**
 * The mail module's face: what other modules and the jobs may use. The outbox's tables are
 * reached only through these (the plugin's `Mailer`, the purge), never through mail.repo.ts.
 */
export { type Mailer, mailPlugin } from './mail.plugin.ts';
export type { MailContent } from './mail.repo.ts';
export { purgeOldSentMail } from './mail.service.ts';
export {
  type CodePurpose,
  type DigestItem,
  type NotificationMailItem,
  notificationMail,
  passwordResetMail,
  savedSearchDigestMail,
  signInLinkMail,
  verificationCodeMail,
} from './templates.ts';
