import type { GeoCheckResponse } from '@campus/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { api } from '@/lib/api-client.ts';

/** A slow lookup must not hold sign-in hostage: past this, the visitor proceeds (docs/product/accounts.md#geographic-gate). */
const CHECK_TIMEOUT_MS = 4000;

/** GET /api/geo/check: may this visitor proceed? (US address whose time zone matches the browser's) */
async function getGeoCheck(timeZone: string): Promise<GeoCheckResponse> {
  // A typed read (decision 022): only `allowed === false` turns the visitor away below.
  return api.get<GeoCheckResponse>('/api/geo/check', {
    query: { timeZone },
    signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
  });
}

let answer: Promise<boolean> | undefined;

async function askOnce(): Promise<boolean> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  // Without a zone there is nothing to compare: treated like a failed lookup.
  if (!timeZone) return true;
  try {
    return (await getGeoCheck(timeZone)).allowed !== false;
  } catch {
    // A failed lookup lets the visitor proceed (docs/product/accounts.md#geographic-gate) — and is asked again next time.
    answer = undefined;
    return true;
  }
}

/** The gate's answer, asked once per page load (it only changes if the visitor moves). */
function checkGeoAccess(): Promise<boolean> {
  answer ??= askOnce();
  return answer;
}

/**
 * The geographic gate before any sign-in option is shown (docs/product/accounts.md#geographic-gate: from the authentication
 * modal and the mobile menu). Resolves false — after sending the visitor to /404 — when the
 * visitor may not proceed.
 */
export function useGeoGate(): () => Promise<boolean> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const allowed = await checkGeoAccess();
    if (!allowed) navigate(paths.error404.getHref(), { replace: true });
    return allowed;
  }, [navigate]);
}
