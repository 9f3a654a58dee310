import { type Viewer, ViewerSchema } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { useRefreshAfterProfileChange } from './refresh-after-profile-change.ts';

/** DELETE /api/me/photo: no picture any more (the profile is then no longer set up). */
async function removeProfilePhoto(): Promise<Viewer> {
  return ViewerSchema.parse(await apiRequest<unknown>('/api/me/photo', { method: 'DELETE' }));
}

export function useRemoveProfilePhoto() {
  const refresh = useRefreshAfterProfileChange();
  return useMutation({ mutationFn: removeProfilePhoto, onSuccess: refresh });
}
