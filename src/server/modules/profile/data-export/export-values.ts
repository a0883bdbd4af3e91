// How the export's sections write what they read: instants as ISO text, and each stored file as its
// place in the ZIP.

/** One stored file in the ZIP. */
export interface ExportFile {
  /** Path inside the ZIP. */
  name: string;
  key: string;
  mtime: Date;
}

export const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
export const extension = (key: string) =>
  key.slice(key.lastIndexOf('.') + 1).toLowerCase() || 'bin';
export const isStoredKey = (path: string) => !/^https?:\/\//i.test(path);
