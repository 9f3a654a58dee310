/**
 * The auth module's face: better-auth and its routes for the app, and account safety (bans,
 * password attempts, the code budget) for the modules that check passwords or codes.
 */
export {
  admitPasswordAttempt,
  banAccount,
  passwordSucceeded,
  purgeAccountSafety,
  refundGuess,
  spendCodeSend,
  spendGuess,
} from './account-safety.service.ts';
export { authRoutes, signInLinkSender } from './auth.routes.ts';
export { type Auth, createAuth } from './auth.ts';
export type { PasswordHasher } from './passwords.ts';
export { resolveAuthSecret } from './secret.ts';
