import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { toast } from 'sonner';
import type { MediaType } from '@shared/constants';
import { mediaTypeForMime } from '@shared/domain/media';
import { mediaFileProblem } from '../lib/media-file-problem';

export type UploadStatus = 'ready' | 'uploading' | 'done' | 'failed';

export interface SelectedMedia {
  key: string;
  file: File;
  /** An object URL for the preview; revoked when the file is removed or the picker goes away. */
  previewUrl: string;
  /** null when the browser did not say; the server decides from the bytes. */
  mediaType: MediaType | null;
  status: UploadStatus;
  /** 0..1 while uploading. */
  progress: number;
}

export interface MediaSelection {
  items: SelectedMedia[];
  files: File[];
  /** How many more files may be added. */
  remaining: number;
  max: number;
  add: (files: Iterable<File>) => void;
  remove: (key: string) => void;
  clear: () => void;
  /** Before an upload starts: every file back to 'ready'. */
  startUpload: () => void;
  setProgress: (position: number, fraction: number) => void;
  markDone: (position: number) => void;
  markFailed: (position: number) => void;
}

/** The upload's marks on each file, by its position: progress, then done or failed. */
function useUploadMarks(setItems: Dispatch<SetStateAction<SelectedMedia[]>>) {
  const update = useCallback(
    (position: number, change: Partial<SelectedMedia>) =>
      setItems((current) =>
        current.map((item, i) => (i === position ? { ...item, ...change } : item)),
      ),
    [setItems],
  );

  const startUpload = useCallback(
    () =>
      setItems((current) =>
        current.map((item) => ({ ...item, status: 'ready' as const, progress: 0 })),
      ),
    [setItems],
  );
  const setProgress = useCallback(
    (position: number, fraction: number) =>
      update(position, { status: 'uploading', progress: fraction }),
    [update],
  );
  const markDone = useCallback(
    (position: number) => update(position, { status: 'done', progress: 1 }),
    [update],
  );
  const markFailed = useCallback(
    (position: number) => update(position, { status: 'failed' }),
    [update],
  );
  return { startUpload, setProgress, markDone, markFailed };
}

let nextKey = 0;

/**
 * The files a member picked for a check-in or update, in the order chosen. Files that are not
 * media or too large are refused with a toast; past `max` the extras are refused with `tooManyMessage`.
 */
export function useMediaSelection(max: number, tooManyMessage: string): MediaSelection {
  const [items, setItems] = useState<SelectedMedia[]>([]);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const created = urls.current;
    return () => {
      for (const url of created) URL.revokeObjectURL(url);
      created.clear();
    };
  }, []);

  const revoke = (url: string) => {
    URL.revokeObjectURL(url);
    urls.current.delete(url);
  };

  const remaining = Math.max(0, max - items.length);

  const add = useCallback(
    (picked: Iterable<File>) => {
      const accepted: SelectedMedia[] = [];
      let refusedForCount = false;
      for (const file of picked) {
        const problem = mediaFileProblem(file);
        if (problem) {
          toast.error(problem, { description: file.name });
          continue;
        }
        if (accepted.length >= max - items.length) {
          refusedForCount = true;
          continue;
        }
        const previewUrl = URL.createObjectURL(file);
        urls.current.add(previewUrl);
        accepted.push({
          key: `media-${nextKey++}`,
          file,
          previewUrl,
          mediaType: mediaTypeForMime(file.type),
          status: 'ready',
          progress: 0,
        });
      }
      if (refusedForCount) toast.error(tooManyMessage);
      if (accepted.length) setItems((current) => [...current, ...accepted]);
    },
    [items.length, max, tooManyMessage],
  );

  const remove = useCallback((key: string) => {
    setItems((current) => {
      const item = current.find((i) => i.key === key);
      if (item) revoke(item.previewUrl);
      return current.filter((i) => i.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    setItems((current) => {
      for (const item of current) revoke(item.previewUrl);
      return [];
    });
  }, []);

  const marks = useUploadMarks(setItems);
  const files = useMemo(() => items.map((i) => i.file), [items]);

  return {
    items,
    files,
    remaining,
    max,
    add,
    remove,
    clear,
    ...marks,
  };
}
