export { createStorage, type StorageConfig } from './create-storage';
export type * from './media-storage';
export { LocalMediaStorage } from './local-storage';
export { S3MediaStorage } from './s3-storage';
export type { S3StorageOptions } from './s3-requests';
export { ingestUpload, type IngestInput, type IngestedMedia } from './ingest';
export { UPLOAD_RULES, type UploadKind, type UploadLimits } from './upload-rules';
export { MEDIA_CACHE_CONTROL, serveMedia, type ServeOptions } from './serve';
export { assertValidKey, InvalidKeyError, normalizePrefix, thumbKeyFor } from './keys';
