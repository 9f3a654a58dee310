import { type AccountSettings, AccountSettingsSchema } from '@campus/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** GET /api/me/account: the Settings > Account rows of the viewer. */
async function getAccount({ signal }: { signal?: AbortSignal } = {}): Promise<AccountSettings> {
  return AccountSettingsSchema.parse(await api.get<unknown>('/api/me/account', { signal }));
}

const accountQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.account, queryFn: ({ signal }) => getAccount({ signal }) });

export function useAccountQuery() {
  return useQuery(accountQueryOptions());
}

/** The account fields with a form of their own, by their PUT /api/me/… path. */
export type AccountField = 'username' | 'phone' | 'gender' | 'birth-date';

/** PUT /api/me/{field}: answers the updated rows. */
async function updateAccountField(field: AccountField, body: unknown): Promise<AccountSettings> {
  return AccountSettingsSchema.parse(await apiRequest<unknown>(`/api/me/${field}`, { method: 'PUT', body }));
}

/**
 * One mutation for every account form: the rows take the answer; a new username also renames
 * the viewer and every author line, so those are read again.
 */
export function useUpdateAccountField(field: AccountField) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => updateAccountField(field, body),
    onSuccess: (account) => {
      queryClient.setQueryData(queryKeys.account, account);
      if (field === 'username') {
        void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.posts.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.post.all });
      }
    },
  });
}
