import { type Viewer, ViewerSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** PUT /api/me/bio: at most 160 characters; answers the updated viewer. */
async function updateBio(bio: string): Promise<Viewer> {
  return ViewerSchema.parse(await apiRequest<unknown>('/api/me/bio', { method: 'PUT', body: { bio } }));
}

export function useUpdateBio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBio,
    onSuccess: (viewer) => queryClient.setQueryData(queryKeys.me, viewer),
  });
}
