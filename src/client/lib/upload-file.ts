// One file sent as the raw request body (not multipart), with upload progress. fetch() cannot
// report upload progress yet, so this is the one place that uses XMLHttpRequest. Failures become
// the same ApiError the JSON client throws, so screens handle both alike.

import { msg } from '@shared/messages';
import { ApiError, type ApiErrorDetails } from './api-client';

export interface UploadOptions {
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function uploadFile<T>(url: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // The server sniffs the real type from the bytes; this is only a hint.
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      const payload = parseJson(xhr.responseText) as {
        code?: unknown;
        message?: unknown;
        requestId?: unknown;
        details?: ApiErrorDetails;
      } | null;
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(payload as T);
        return;
      }
      if (payload && typeof payload.code === 'string' && typeof payload.message === 'string') {
        reject(
          new ApiError(
            xhr.status,
            payload.code,
            payload.message,
            payload.details ?? {},
            typeof payload.requestId === 'string' ? payload.requestId : null,
          ),
        );
        return;
      }
      reject(new ApiError(xhr.status, 'http_error', msg.unexpectedError, {}, null, false));
    };
    xhr.onerror = () => reject(new ApiError(0, 'network', msg.unexpectedError, {}, null, false));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));

    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(file);
  });
}
