import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys that sign this server's pushes (decision 041): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when set; otherwise a pair generated once per data folder (like the auth
 * secret, modules/auth/secret.ts), so browsers' subscriptions survive restarts. Every instance
 * of one deployment must share the keys (set them by env, or share DATA_DIR).
 */
export function resolveVapidKeys(config: Pick<Config, 'dataDir' | 'push'>): VapidKeys {
  const subject = config.push.subject;
  if (config.push.vapidKeys) return { ...config.push.vapidKeys, subject };
  const file = path.join(config.dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(config.dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey })}\n`, {
    mode: 0o600,
  });
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
