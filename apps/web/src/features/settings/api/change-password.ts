import type { ChangePasswordBody } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';

/** PUT /api/me/password: 'Invalid password.' for a wrong current one; other sessions end. */
async function changePassword(body: ChangePasswordBody): Promise<void> {
  await apiRequest<null>('/api/me/password', { method: 'PUT', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
