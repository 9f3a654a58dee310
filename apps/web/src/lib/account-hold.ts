import { skipToken, useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys.ts';

/**
 * Why a member may not use the campus now (docs/product/moderation.md#suspension): suspended
 * until `until`, or banned (`until` null). Written by the `/api/me` read (its `suspension`) and by
 * the live `account.suspended` event; the suspension page shows it.
 */
export interface AccountHold {
  until: string | null;
  reason: string | null;
}

export function useAccountHold(): AccountHold | null {
  const { data } = useQuery<AccountHold | null>({ queryKey: queryKeys.accountHold, queryFn: skipToken });
  return data ?? null;
}
