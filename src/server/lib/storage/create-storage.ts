import path from 'node:path';
import { LocalMediaStorage } from './local-storage';
import type { MediaStorage } from './media-storage';
import type { S3StorageOptions } from './s3-requests';
import { S3MediaStorage } from './s3-storage';

export type StorageConfig = {
  /** Local media go to `${dataDir}/media`. */
  dataDir: string;
} & (
  | { driver: 'local'; s3?: undefined }
  | { driver: 's3'; s3: S3StorageOptions }
  // The shape of Config['storage'] from env.ts, where s3 is optional whatever the driver.
  | { driver: 'local' | 's3'; s3?: S3StorageOptions }
);

/** `createStorage({ ...config.storage, dataDir: config.dataDir })` */
export function createStorage(config: StorageConfig): MediaStorage {
  if (config.driver === 's3') {
    if (!config.s3) throw new Error('Storage driver s3 needs its s3 settings');
    return new S3MediaStorage(config.s3);
  }
  return new LocalMediaStorage(path.join(config.dataDir, 'media'));
}
