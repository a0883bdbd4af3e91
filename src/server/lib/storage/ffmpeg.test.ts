import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { msg } from '@shared/messages';
import { AppError } from '../errors';
import { FfmpegError, findFfmpeg, logVideoCleaning, stripVideoMetadata } from './ffmpeg';
import { ingestUpload } from './ingest';
import { LocalMediaStorage } from './local-storage';
import { readAll } from '../../testing/storage/storage-contract';
import {
  LOCATION,
  mp4Video,
  recordedVideo,
  type RecordedContainer,
} from '../../testing/storage/video-files';

const FFMPEG = '/usr/bin/ffmpeg';
const FFPROBE = '/usr/bin/ffprobe';
const haveFfmpeg = existsSync(FFMPEG) && existsSync(FFPROBE);
if (!haveFfmpeg) {
  console.warn(
    `Skipping the ffmpeg video tests: ${FFMPEG} or ${FFPROBE} is missing (apt-get install ffmpeg)`,
  );
}

let dir: string;
let tmpDir: string;
let storage: LocalMediaStorage;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'stackdays-ffmpeg-'));
  tmpDir = path.join(dir, 'tmp');
  await mkdir(tmpDir);
  storage = new LocalMediaStorage(path.join(dir, 'media'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function ingest(video: Buffer, ffmpeg: string | null) {
  const result = await ingestUpload({
    storage,
    source: Readable.from([video]),
    keyPrefix: 'u/42/post-1',
    kind: 'media',
    tmpDir,
    ffmpeg,
  });
  const object = await storage.get(result.key);
  const bytes = await readAll(object!.stream);
  const file = path.join(dir, `stored-${path.basename(result.key)}`);
  await writeFile(file, bytes);
  return { result, bytes, file };
}

interface Probe {
  format: { format_name: string; tags?: Record<string, string> };
  streams: { codec_type: string; codec_name: string; tags?: Record<string, string> }[];
}

function probe(file: string): Probe {
  const out = spawnSync(
    FFPROBE,
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  expect(out.status, out.stderr).toBe(0);
  return JSON.parse(out.stdout) as Probe;
}

/** Every tag ffprobe sees on the file and its streams, as `key=value` lines. */
function allTags(info: Probe): string[] {
  return [info.format.tags ?? {}, ...info.streams.map((s) => s.tags ?? {})].flatMap((tags) =>
    Object.entries(tags).map(([k, v]) => `${k}=${v}`),
  );
}

/** Decodes every frame; ffmpeg prints nothing at level error for a sound file. */
function decodes(file: string): string {
  const out = spawnSync(FFMPEG, ['-v', 'error', '-i', file, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  return out.status === 0 ? out.stderr.trim() : `exit ${out.status}: ${out.stderr}`;
}

const CASES: { container: RecordedContainer; mime: string; formatName: RegExp }[] = [
  { container: 'mp4', mime: 'video/mp4', formatName: /mp4/ },
  { container: 'mov', mime: 'video/quicktime', formatName: /mov/ },
  { container: 'webm', mime: 'video/webm', formatName: /webm/ },
];

describe.skipIf(!haveFfmpeg)('video metadata with ffmpeg', () => {
  it.each(CASES)(
    'removes the location, dates and titles of a $container and keeps it playable',
    async ({ container, mime, formatName }) => {
      const source = path.join(dir, `phone.${container}`);
      recordedVideo(FFMPEG, container, source);
      const video = await readFile(source);
      const before = allTags(probe(source)).join('\n');
      expect(before).toContain(LOCATION);
      expect(before).toMatch(/creation_time|DATE/i);
      expect(before).toContain('At home');

      const { result, bytes, file } = await ingest(video, FFMPEG);
      expect(result).toMatchObject({ mediaType: 'video', mimeType: mime, bytes: bytes.length });
      expect(result.key.endsWith(`.${container}`)).toBe(true);
      expect(bytes.includes(LOCATION)).toBe(false);
      expect(bytes.includes('At home')).toBe(false);
      expect(bytes.includes('Phoneco')).toBe(false);

      const after = probe(file);
      expect(after.format.format_name).toMatch(formatName);
      const tags = allTags(after).join('\n');
      expect(tags).not.toContain(LOCATION);
      expect(tags).not.toMatch(/creation_time|location|title|make|encoder=Lavf\d/i);
      // The same picture and sound, not re-encoded, and every frame decodes.
      expect(after.streams.map((s) => `${s.codec_type}:${s.codec_name}`)).toEqual(
        probe(source).streams.map((s) => `${s.codec_type}:${s.codec_name}`),
      );
      expect(decodes(file)).toBe('');
      expect(await readdir(tmpDir)).toEqual([]);
    },
  );

  it('without ffmpeg, only blanks in place: the recording date stays (why ffmpeg is preferred)', async () => {
    const source = path.join(dir, 'phone.mp4');
    recordedVideo(FFMPEG, 'mp4', source);
    const video = await readFile(source);
    const { bytes, file } = await ingest(video, '/nonexistent/ffmpeg');
    expect(bytes.length).toBe(video.length);
    const tags = allTags(probe(file)).join('\n');
    expect(tags).not.toContain(LOCATION);
    expect(tags).toContain('creation_time=2026-01-02');
    expect(decodes(file)).toBe('');
  });

  it('refuses a video ffmpeg cannot read, and leaves nothing behind', async () => {
    // Structurally valid to the in-place checks, but its track has no codec at all.
    const error = await ingest(mp4Video({ androidLocation: true }), FFMPEG).catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'unsupported_media_type', message: msg.videoUnreadable });
    expect(await storage.deletePrefix('u/42')).toBe(0);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it('reads the input only as the container it claims, and no other file or protocol', async () => {
    // A concat script naming another file next to it: probed, it would be read as a script and
    // the other file copied into the upload.
    recordedVideo(FFMPEG, 'mp4', path.join(dir, 'secret.mp4'));
    const playlist = path.join(dir, 'list.mp4');
    await writeFile(playlist, 'ffconcat version 1.0\nfile secret.mp4\n');
    const ffmpeg = (await findFfmpeg(FFMPEG))!;
    await expect(
      stripVideoMetadata(ffmpeg, { file: playlist, mime: 'video/mp4' }, path.join(dir, 'o.mp4')),
    ).rejects.toBeInstanceOf(FfmpegError);
    expect(existsSync(path.join(dir, 'o.mp4'))).toBe(false);
  });

  it('stops a run that takes too long, as a failure of ours rather than of the file', async () => {
    const source = path.join(dir, 'phone.webm');
    recordedVideo(FFMPEG, 'webm', source);
    const ffmpeg = (await findFfmpeg(FFMPEG))!;
    const run = stripVideoMetadata(
      ffmpeg,
      { file: source, mime: 'video/webm' },
      path.join(dir, 'o.webm'),
      1,
    );
    await expect(run).rejects.toThrow(/killed \(SIGKILL\) after 1 ms/);
    await expect(run).rejects.not.toBeInstanceOf(FfmpegError);
  });
});

describe('finding ffmpeg', () => {
  it('says once at start whether videos lose all their metadata or are only blanked', async () => {
    const logger = { info: vi.fn(), warn: vi.fn() };
    await logVideoCleaning('/nonexistent/ffmpeg', logger);
    await logVideoCleaning(null, logger);
    expect(logger.info).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(2);
    expect(logger.warn.mock.calls[0][1]).toMatch(/^ffmpeg not found/);
    expect(logger.warn.mock.calls[1][1]).toMatch(/^ffmpeg is off/);
    if (haveFfmpeg) {
      await logVideoCleaning(FFMPEG, logger);
      expect(logger.info).toHaveBeenCalledTimes(1);
      expect(logger.info.mock.calls[0][0]).toMatchObject({ ffmpeg: FFMPEG });
      expect(logger.info.mock.calls[0][1]).toMatch(/^ffmpeg found/);
    }
  });

  it('answers null for a command that is not ffmpeg', async () => {
    expect(await findFfmpeg('/bin/true')).toBeNull();
    expect(await findFfmpeg('')).toBeNull();
  });
});
