import { useMutation } from '@tanstack/react-query';
import type { OkResponse } from '@shared/api-types';
import type { ReportData } from '@shared/domain/schemas';
import { api } from '@client/lib/api-client';

export function reportPost(postId: string, input: ReportData): Promise<OkResponse> {
  return api.post(`/api/posts/${postId}/reports`, input);
}

/**
 * Sends a report to the admins; nothing cached changes (the post stays until an admin acts). Its
 * failures are the dialog's to say: a second report is news, not an error, and a bad reason shows
 * at its field.
 */
export function useReportPost(postId: string) {
  return useMutation({
    mutationFn: (input: ReportData) => reportPost(postId, input),
    meta: { success: 'reportSent' },
  });
}
