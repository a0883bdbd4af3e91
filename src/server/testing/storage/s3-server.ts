// A real S3-compatible server for tests: @20minutes/s3rver (a maintained fork of s3rver) on a random
// loopback port, storing objects in a fresh temporary directory that close() removes. It checks
// every request's SigV4 signature, header or query string, and the expiry of presigned URLs, as S3
// does. The original s3rver 3.x does not check SigV4 signatures at all (decision 0026).
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import type { S3StorageOptions } from '../../lib/storage/s3-requests';

/** What a test saw go to the server: the request as the driver's fetch sent it. */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Headers;
}

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** s3rver's one built-in key pair. */
  credentials: { accessKeyId: string; secretAccessKey: string; region: string };
  /** Every request sent through `options().fetch`, oldest first. */
  requests: RecordedRequest[];
  /** The app's environment for this server (STORAGE_DRIVER=s3 and its S3_* settings), plus `extra`. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Driver options for this server; requests go through a fetch that records them. */
  options(extra?: Partial<S3StorageOptions>): S3StorageOptions;
  /** The store goes away (its port refuses connections) and comes back with what it held. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The keys of the objects it holds, from its directory. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'stackdays-media'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'stackdays-s3rver-'));
  const serve = (port: number) => {
    const s3 = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    patchKnownBugs(s3);
    return s3;
  };
  let server = serve(0);
  let running = true;
  let address: AddressInfo;
  try {
    address = await server.run();
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };
  const requests: RecordedRequest[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const request = input as Request; // the driver always sends a signed Request
    requests.push({ method: request.method, url: request.url, headers: request.headers });
    return fetch(request, init);
  };
  return {
    endpoint,
    bucket,
    credentials,
    requests,
    env: (extra = {}) => ({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: credentials.region,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      ...extra,
    }),
    options: (extra = {}) => ({
      endpoint,
      bucket,
      ...credentials,
      fetch: recordingFetch,
      ...extra,
    }),
    async stop() {
      if (running) await server.close();
      running = false;
    },
    async start() {
      if (running) return;
      server = serve(address.port);
      await server.run();
      running = true;
    },
    async keys() {
      const root = path.join(directory, bucket);
      const files = await readdir(root, { recursive: true }).catch(() => [] as string[]);
      return files
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
        .sort();
    },
    async close() {
      if (running) await server.close();
      running = false;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

interface S3rverObject {
  content: NodeJS.ReadableStream & { destroy(): void };
  range?: { start: number; end: number };
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  getObject(
    bucket: string,
    key: string,
    options?: { start?: number; end?: number },
  ): Promise<S3rverObject | null>;
  existsObject(bucket: string, key: string): Promise<boolean>;
  deleteObject(bucket: string, key: string): Promise<void>;
  putObject(object: {
    bucket: string;
    key: string;
    /** The request's Content-Length (NaN when it had none). */
    size: number;
  }): Promise<{ size: number; md5: string }>;
}

/**
 * Four bugs of s3rver's filesystem store (4.0.4) that real S3 does not have, fixed around it so the
 * driver is tested against S3's behaviour:
 * - `Range: bytes=0-0` is read as "from 0 to the end" (its `end || Infinity`);
 * - deletes running at once in one folder race while removing the emptied folders, and one fails
 *   with ENOENT (500); they are run one at a time;
 * - a PUT whose client hangs up before its Content-Length has arrived is kept with what did arrive
 *   (seen in CI: an empty object), whether the store notices the short body or the aborted request
 *   fails the write; S3 stores nothing (IncompleteBody), so neither does this;
 * - an object is visible while its PUT is still being written (a HEAD raced the removal of an
 *   incomplete one in CI and saw 0 bytes); S3 shows the old object or none until the PUT completes,
 *   so reads of a key wait for its PUT to settle.
 * A fifth cannot be fixed from here: ListObjectsV2 continuation tokens use DES, which OpenSSL 3
 * (Node 17+) refuses, so a listing longer than one page (1,000 keys) fails. The driver's paging is
 * tested with canned answers instead.
 */
function patchKnownBugs(server: S3rver): void {
  const store = (server as unknown as { store: S3rverStore }).store;
  const writing = new Map<string, Promise<unknown>>();
  const settled = async (bucket: string, key: string) => {
    await writing.get(`${bucket}/${key}`)?.catch(() => undefined);
  };
  const existsObject = store.existsObject.bind(store);
  store.existsObject = async (bucket, key) => {
    await settled(bucket, key);
    return existsObject(bucket, key);
  };
  const getObject = store.getObject.bind(store);
  store.getObject = async (bucket, key, options) => {
    await settled(bucket, key);
    const object = await getObject(bucket, key, options);
    if (object?.content && options?.start === 0 && options.end === 0) {
      object.content.destroy();
      const file = store.getResourcePath(bucket, key, 'object');
      object.content = createReadStream(file, { start: 0, end: 0 });
      object.range = { start: 0, end: 0 };
    }
    return object;
  };
  const deleteObject = store.deleteObject.bind(store);
  let deletes: Promise<unknown> = Promise.resolve();
  store.deleteObject = (bucket, key) => {
    const next = deletes.then(() => deleteObject(bucket, key));
    deletes = next.catch(() => undefined);
    return next;
  };
  const putObject = store.putObject.bind(store);
  store.putObject = (object) => {
    const name = `${object.bucket}/${object.key}`;
    const write = (async () => {
      await settled(object.bucket, object.key);
      const stored = await putObject(object).catch(async (error: unknown) => {
        await store.deleteObject(object.bucket, object.key).catch(() => undefined);
        throw error;
      });
      if (Number.isFinite(object.size) && stored.size !== object.size) {
        await store.deleteObject(object.bucket, object.key);
        throw new Error(`IncompleteBody: ${stored.size} of ${object.size} bytes`);
      }
      return stored;
    })();
    writing.set(name, write);
    const forget = () => {
      if (writing.get(name) === write) writing.delete(name);
    };
    write.then(forget, forget);
    return write;
  };
}
