import { type UpdateNameBody, type Viewer, ViewerSchema } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { useRefreshAfterProfileChange } from './refresh-after-profile-change.ts';

/** PUT /api/me/name: first and last name (at most 20 each); answers the updated viewer. */
async function updateName(body: UpdateNameBody): Promise<Viewer> {
  return ViewerSchema.parse(await apiRequest<unknown>('/api/me/name', { method: 'PUT', body }));
}

export function useUpdateName() {
  const refresh = useRefreshAfterProfileChange();
  return useMutation({ mutationFn: updateName, onSuccess: refresh });
}
