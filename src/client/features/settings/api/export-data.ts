import { useMutation } from '@tanstack/react-query';
import type { ExportLinkResponse } from '@shared/api-types';
import { api } from '@client/lib/api-client';

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
