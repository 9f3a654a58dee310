/** The verification-codes module's face: codes mailed to prove an address for one account action. */
export { type CodeAction, MAX_CODE_ATTEMPTS, mailNewCode, takeCode } from './verification-codes.service.ts';
