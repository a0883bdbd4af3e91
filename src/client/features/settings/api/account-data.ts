import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportLinkResponse, OkResponse, SessionResponse } from '@shared/api-types';
import type { DeleteAccountData } from '@shared/domain/profile-schemas';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

export function requestExport(): Promise<ExportLinkResponse> {
  return api.post<ExportLinkResponse>('/api/account/export');
}

/**
 * 'Download my data': asks for a short-lived link, then lets the browser download it as a file, so
 * even an export with hundreds of photos streams to disk instead of into this page's memory.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: async () => {
      const { url } = await requestExport();
      const link = document.createElement('a');
      link.href = url;
      link.download = '';
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
    },
    meta: { success: 'downloadStarted', error: 'downloadFailed' },
  });
}

export function deleteAccount(input: DeleteAccountData): Promise<OkResponse> {
  return api.post<OkResponse>('/api/account/delete', input);
}

/**
 * Deletes the account. Then, as after signing out, every cached answer goes and the session reads
 * "signed out here", which the guard around the member area turns into a redirect home.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    meta: { success: 'accountDeleted', error: 'deleteAccountFailed' },
    onSuccess: () => {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== queryKeys.session.all[0],
      });
      queryClient.setQueryData<SessionResponse & { signedOut: true }>(queryKeys.session.all, {
        user: null,
        signedOut: true,
      });
    },
  });
}
