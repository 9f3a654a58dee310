/**
 * The OpenID client the e2e app server is configured with (playwright.config.ts) and the
 * provider accepts (oidc-server.ts). Test-only values: this provider exists only on loopback.
 */
export const OIDC_CLIENT_ID = 'campus-e2e-client';
export const OIDC_CLIENT_SECRET = 'campus-e2e-secret';

/** The app's port and, 99 above it, the provider's (3100 → 3199), so runs on other ports don't collide. */
export function e2ePorts(env: NodeJS.ProcessEnv = process.env): { app: number; oidc: number } {
  const app = Number(env.E2E_PORT ?? 3100);
  return { app, oidc: Number(env.E2E_OIDC_PORT ?? app + 99) };
}

/** Campus hosts a test may start Google sign-in from (each needs its own redirect URI). */
export const OIDC_APP_HOSTS = ['localhost', 'ou.localhost', 'ut.localhost', 'hub.localhost'] as const;
