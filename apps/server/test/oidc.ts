import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcAccount {
  sub: string;
  email: string;
  name: string;
}

/**
 * A real OpenID provider on loopback standing in for Google (discovery, authorization with
 * its development login and consent pages, token and userinfo endpoints).
 */
export async function startOidcProvider(options: { redirectUris: string[]; accounts: OidcAccount[] }) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'campus-test-client',
        client_secret: 'campus-test-secret',
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    async findAccount(_ctx, id) {
      const account = options.accounts.find((a) => a.sub === id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts email and name into the ID token itself.
    conformIdTokenClaims: false,
    cookies: { keys: ['campus-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId: 'campus-test-client',
    clientSecret: 'campus-test-secret',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Walks the provider's development login and consent pages as a person would, from the
 * authorization URL to the redirect back to the app; returns that redirect URL.
 */
export async function completeProviderLogin(authorizationUrl: string, accountId: string): Promise<string> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers ?? {}), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) cookies.set(k.trim(), v.join('='));
    }
    return res;
  };
  let url = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const res = await send(url);
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url).toString();
      if (!next.startsWith(new URL(authorizationUrl).origin)) return next; // back to the app
      url = next;
      continue;
    }
    const page = await res.text();
    const prompt = page.includes('name="login"') ? 'login' : 'consent';
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login: accountId, password: 'x' } : { prompt });
    const submitted = await send(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    url = new URL(submitted.headers.get('location') ?? url, url).toString();
  }
  throw new Error('the provider did not redirect back');
}
