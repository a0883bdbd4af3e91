/** At most this many files travel at once: enough to use the connection, few enough to keep order visible. */
export const PARALLEL_UPLOADS = 3;

export interface UploadEvents {
  /** `position` is the file's 0-based place in the member's chosen order. */
  onProgress?: (position: number, fraction: number) => void;
  onUploaded?: (position: number) => void;
  onFailed?: (position: number, error: unknown) => void;
}

export interface UploadSummary {
  uploaded: number;
  failed: number;
}

/**
 * Uploads every file with `upload`, at most `concurrency` at a time. A failed file is reported
 * and the rest carry on. Each file keeps its position, so the server stores the chosen order
 * whichever upload finishes first.
 */
export async function uploadFiles(
  files: readonly File[],
  upload: (
    file: File,
    position: number,
    onProgress: (fraction: number) => void,
  ) => Promise<unknown>,
  events: UploadEvents = {},
  concurrency = PARALLEL_UPLOADS,
): Promise<UploadSummary> {
  const summary: UploadSummary = { uploaded: 0, failed: 0 };
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const position = next++;
      try {
        await upload(files[position], position, (fraction) =>
          events.onProgress?.(position, fraction),
        );
        summary.uploaded++;
        events.onUploaded?.(position);
      } catch (error) {
        summary.failed++;
        events.onFailed?.(position, error);
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(Math.max(concurrency, 1), files.length) }, worker),
  );
  return summary;
}
