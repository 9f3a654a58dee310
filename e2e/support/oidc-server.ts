import http from 'node:http';
import Provider from 'oidc-provider';
import { e2ePorts, OIDC_APP_HOSTS, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } from './oidc-client.ts';

/**
 * A real OpenID provider on loopback standing in for Google in the e2e run (started by
 * playwright.config.ts as a second web server: `node --import tsx e2e/support/oidc-server.ts`).
 * Its development login page accepts any login and password: the login becomes the account
 * id, and the email is the login itself when it looks like one (else login@example.com).
 */
const ports = e2ePorts();
const issuer = `http://127.0.0.1:${ports.oidc}`;

function emailOf(login: string): string {
  return login.includes('@') ? login.toLowerCase() : `${login.toLowerCase()}@example.com`;
}

/** 'riley.quinn.77@example.com' → 'Riley Quinn' (digits dropped, like the app's name parsing). */
function nameOf(login: string): string {
  const words = login
    .split('@')[0]
    ?.split(/[._-]+/)
    .filter((w) => /^[a-z]+$/i.test(w))
    .map((w) => w[0]?.toUpperCase() + w.slice(1).toLowerCase());
  return words?.length ? words.join(' ') : 'Google User';
}

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: OIDC_CLIENT_ID,
      client_secret: OIDC_CLIENT_SECRET,
      redirect_uris: OIDC_APP_HOSTS.map((host) => `http://${host}:${ports.app}/api/auth/callback/google`),
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  async findAccount(_ctx, id) {
    return {
      accountId: id,
      claims: async () => ({ sub: id, email: emailOf(id), email_verified: true, name: nameOf(id) }),
    };
  },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  // Google puts email and name into the ID token itself.
  conformIdTokenClaims: false,
  cookies: { keys: ['campus-e2e-cookie-key'] },
  features: { devInteractions: { enabled: true } },
});

const server = http.createServer(provider.callback());
server.listen(ports.oidc, '127.0.0.1', () => {
  console.log(`OpenID provider for e2e at ${issuer}`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
