import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** POST /api/profiles/:username/report: stored once per reporter and member for the moderators (a typed read, decision 022). */
async function reportUser(username: string, reason?: string): Promise<{ message: string }> {
  return api.post<{ message: string }>(
    `/api/profiles/${encodeURIComponent(username)}/report`,
    reason ? { reason } : {},
  );
}

export function useReportUser(username: string) {
  return useMutation({ mutationFn: (reason?: string) => reportUser(username, reason) });
}
