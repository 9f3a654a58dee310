import { type ReportContentBody, type ReportContentResponse, ReportContentResponseSchema } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/**
 * POST /api/reports (docs/product/moderation.md): a post, comment, message, review or member, with a
 * reason and an optional note; kept once per reporter and target (a second one says so).
 */
async function sendReport(body: ReportContentBody): Promise<ReportContentResponse> {
  return ReportContentResponseSchema.parse(await api.post<unknown>('/api/reports', body));
}

export function useReport() {
  return useMutation({ mutationFn: sendReport });
}
