import { spawn } from 'node:child_process';
import type { Logger } from '../logger';

/** An ffmpeg that answered `-version`. */
export interface Ffmpeg {
  command: string;
  /** e.g. `5.1.6-0+deb12u1`. */
  version: string;
}

/** How long one remux may run. A 200 MB stream copy takes a few seconds on a busy machine. */
export const FFMPEG_TIMEOUT_MS = 120_000;
/** Remuxes run at once in one process; more uploads wait their turn (CPU and disk stay bounded). */
export const FFMPEG_CONCURRENCY = 2;
/** ffmpeg's own cap on one heap allocation (`-max_alloc`): a forged sample table cannot take more. */
const FFMPEG_MAX_ALLOC_BYTES = 128 * 1024 * 1024;
const PROBE_TIMEOUT_MS = 5_000;
/** Enough of ffmpeg's stderr to say why it failed. */
const STDERR_KEEP = 2_000;

const probes = new Map<string, Promise<Ffmpeg | null>>();

/**
 * The ffmpeg at `command` (a path, or a name looked up on PATH), or null when there is none or it
 * does not run. Asked once per command and process; later calls share the answer.
 */
export function findFfmpeg(command: string | null | undefined): Promise<Ffmpeg | null> {
  if (!command) return Promise.resolve(null);
  let probe = probes.get(command);
  if (!probe) {
    probe = run(command, ['-hide_banner', '-version'], PROBE_TIMEOUT_MS).then(
      ({ stdout }) => {
        const version = /ffmpeg version (\S+)/.exec(stdout)?.[1];
        return version ? { command, version } : null;
      },
      () => null,
    );
    probes.set(command, probe);
  }
  return probe;
}

export class FfmpegError extends Error {}

/** Container names for ffmpeg: what the input is read as (never guessed) and what is written. */
const FORMATS: Record<string, { demuxer: string; muxer: string; movflags?: string }> = {
  'video/mp4': { demuxer: 'mov', muxer: 'mp4', movflags: '+faststart' },
  'video/quicktime': { demuxer: 'mov', muxer: 'mov', movflags: '+faststart' },
  'video/webm': { demuxer: 'matroska', muxer: 'webm' },
};

/**
 * Copies the video and audio of `input` into `output` in the same container, without any metadata:
 * no global, stream or chapter tags (location, make, model, dates, titles, encoder), no chapters,
 * no data tracks (an iPhone's timed location track), no attached pictures or attachments, no
 * subtitles. Nothing is re-encoded (`-c copy`), so it takes seconds and the picture is untouched.
 *
 * The input is untrusted: its demuxer is named, never probed (a file that sniffed as MP4 cannot be
 * read as a playlist or an image sequence); only the `file` protocol is allowed (no network, no
 * other files through references); one allocation is capped; the run is killed after `timeoutMs`;
 * at most FFMPEG_CONCURRENCY run at once. Throws FfmpegError when ffmpeg cannot read or write it,
 * and a plain Error when it was killed for taking too long.
 */
export async function stripVideoMetadata(
  ffmpeg: Ffmpeg,
  input: { file: string; mime: string },
  output: string,
  timeoutMs = FFMPEG_TIMEOUT_MS,
): Promise<void> {
  const format = FORMATS[input.mime];
  if (!format) throw new FfmpegError(`no container for ${input.mime}`);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-max_alloc',
    String(FFMPEG_MAX_ALLOC_BYTES),
    '-protocol_whitelist',
    'file',
    '-f',
    format.demuxer,
    '-i',
    input.file,
    // V (capital): video streams that are not attached pictures; a cover image can carry EXIF.
    '-map',
    '0:V',
    '-map',
    '0:a?',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c',
    'copy',
    // No encoder name or version in the output.
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    ...(format.movflags ? ['-movflags', format.movflags] : []),
    '-f',
    format.muxer,
    '-n',
    output,
  ];
  await withSlot(() => run(ffmpeg.command, args, timeoutMs));
}

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(task: () => Promise<T>): Promise<T> {
  if (running >= FFMPEG_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < STDERR_KEEP) stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_KEEP) stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new FfmpegError(`${command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) return resolve({ stdout, stderr });
      const detail = stderr.trim().slice(0, 500);
      // Killed: out of time (the machine is busy, or the file is hostile). Not the member's fault
      // as far as we can tell, so not an FfmpegError (which means "cannot read this file").
      if (signal) return reject(new Error(`${command} killed (${signal}) after ${timeoutMs} ms`));
      reject(new FfmpegError(`${command} exit ${code}: ${detail}`));
    });
  });
}

/** Says once, at start, how uploaded videos will be cleaned (decision 0083). */
export async function logVideoCleaning(
  command: string | null,
  logger: Pick<Logger, 'info' | 'warn'>,
): Promise<void> {
  const ffmpeg = await findFfmpeg(command);
  if (ffmpeg) {
    logger.info(
      { ffmpeg: ffmpeg.command, version: ffmpeg.version },
      'ffmpeg found: uploaded videos are copied without their metadata',
    );
  } else {
    logger.warn(
      { ffmpegPath: command },
      `${command ? 'ffmpeg not found' : 'ffmpeg is off (FFMPEG_PATH=off)'}: uploaded videos only have their location, make and XMP blanked in place; install ffmpeg or set FFMPEG_PATH to remove all metadata`,
    );
  }
}
