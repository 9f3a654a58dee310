import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys.ts';
import { forgetViewer, refreshViewer } from './get-me.ts';

const meQueryKey = queryKeys.me;

describe('the viewer cache around signing in and out', () => {
  it('signing out forgets the person and what was loaded for them, not the site', () => {
    const client = new QueryClient();
    client.setQueryData(meQueryKey, { id: 'u1' });
    client.setQueryData(['campus'], { id: 'ou' });
    client.setQueryData(['campuses'], []);
    client.setQueryData(['feed', 'all'], { pages: [] });
    forgetViewer(client);
    expect(client.getQueryData(meQueryKey)).toBeNull();
    expect(client.getQueryData(['campus'])).toEqual({ id: 'ou' });
    expect(client.getQueryData(['campuses'])).toEqual([]);
    expect(client.getQueryState(['feed', 'all'])).toBeUndefined();
  });

  it('signing in reloads the viewer and marks what the visitor saw as stale', async () => {
    const client = new QueryClient();
    client.setQueryData(meQueryKey, null);
    client.setQueryData(['feed', 'all'], { pages: [] });
    client.setQueryData(['campus'], { id: 'ou' });
    await refreshViewer(client);
    expect(client.getQueryState(meQueryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(['feed', 'all'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['campus'])?.isInvalidated).toBe(false);
  });
});
