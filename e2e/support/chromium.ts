import type { LaunchOptions } from '@playwright/test';

/**
 * How every browser of the project is launched: Debian's Chromium (never a downloaded browser,
 * scripts/ensure-chromium.sh installs it), headless, without what a test machine has no use for.
 * playwright.config.ts and the cluster test's browsers (scripts/cluster/browsers.ts) both use it.
 */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
