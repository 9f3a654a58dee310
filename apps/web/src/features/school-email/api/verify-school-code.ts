import { type SchoolEmailVerifyResponse, SchoolEmailVerifyResponseSchema } from '@campus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

interface VerifySchoolCodeInput {
  email: string;
  code: string;
  campusId?: string;
}

/** POST /api/school-email/verify: a correct PIN makes the user a member of the campus. */
async function verifySchoolCode(input: VerifySchoolCodeInput): Promise<SchoolEmailVerifyResponse> {
  return SchoolEmailVerifyResponseSchema.parse(await api.post<unknown>('/api/school-email/verify', input));
}

/** On success the `me` query holds the new member at once, so guards and banners follow. */
export function useVerifySchoolCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySchoolCode,
    onSuccess: (response) => queryClient.setQueryData(queryKeys.me, response.viewer),
  });
}
