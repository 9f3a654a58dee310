/**
 * Sign-in prompts for every feature: the login/join modal (per trigger), the verify-school
 * modal, the member gate that picks between them, and Google sign-in.
 */
export { useGeoGate } from './api/geo-check.ts';
export { AuthModalsProvider, useAuthModal, useVerifySchoolModal } from './auth-modals.tsx';
export { GoogleSignInButton } from './google-sign-in-button.tsx';
export { useGoogleSignIn } from './use-google-sign-in.ts';
export { useMemberGate } from './use-member-gate.ts';
