import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';

interface SendSchoolCodeInput {
  email: string;
  /** The campus picked in Find Your School; the site's own campus when absent. */
  campusId?: string;
}

/** POST /api/school-email/code: mails a 4-digit PIN to the school email (204). */
function sendSchoolCode(input: SendSchoolCodeInput): Promise<void> {
  return api.post<void>('/api/school-email/code', input);
}

export function useSendSchoolCode() {
  return useMutation({ mutationFn: sendSchoolCode });
}
