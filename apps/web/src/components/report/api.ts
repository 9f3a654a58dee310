import { type ReportBody, ReportAnswerSchema, type ReportAnswer, type ReportTargetKind, reportPath } from '@campus/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

/** What a report is about: a post, a comment, a message, a review or a member (by username). */
export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
}

/** POST the report of one target (docs/product/safety.md#reporting): kept once per reporter and target. */
async function sendReport({ target, body }: { target: ReportTarget; body: ReportBody }): Promise<ReportAnswer> {
  return ReportAnswerSchema.parse(await api.post<unknown>(reportPath(target.kind, target.id), body));
}

export function useReport() {
  return useMutation({ mutationFn: sendReport });
}
