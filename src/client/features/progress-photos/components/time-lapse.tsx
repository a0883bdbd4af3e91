import { useEffect, useId, useState } from 'react';
import { Pause, Play } from 'lucide-react';
import type { ProgressPhotoView } from '@shared/api-types';
import {
  PROGRESS_POSES,
  TIME_LAPSE_DEFAULT_FRAME_MS,
  TIME_LAPSE_FRAME_MS,
  type ProgressPose,
} from '@shared/constants';
import { timeLapseFrames } from '@shared/domain/progress-photos';
import { formatWeekdayDate } from '@shared/format';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { photoAlt } from './photo-names';
import { PoseSelect } from './pose-select';

/**
 * One pose's photos in day order, played in the browser (no video is made): play and pause, a speed,
 * and a scrubber to step through by keyboard. It starts paused.
 */
export function TimeLapse({ photos }: { photos: ProgressPhotoView[] }) {
  const id = useId();
  const poses = PROGRESS_POSES.filter((pose) => photos.some((p) => p.pose === pose));
  const [pose, setPose] = useState<ProgressPose>(poses[0] ?? 'front');
  const [frameMs, setFrameMs] = useState<number>(TIME_LAPSE_DEFAULT_FRAME_MS);
  const frames = timeLapseFrames(photos, pose);
  return (
    <Card className="flex flex-col gap-4 p-5">
      <CardTitle>{msg.timeLapseTitle}</CardTitle>
      <div className="flex flex-col gap-3 sm:flex-row">
        <PoseSelect id={`${id}-pose`} poses={poses} value={pose} onChange={setPose} />
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-speed`}>{msg.timeLapseSpeed}</Label>
          <NativeSelect
            id={`${id}-speed`}
            value={frameMs}
            onChange={(event) => setFrameMs(Number(event.target.value))}
          >
            {TIME_LAPSE_FRAME_MS.map((ms) => (
              <option key={ms} value={ms}>
                {msg.timeLapseSpeedOption(ms)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {frames.length < 2 ? (
        <p className="text-sm text-muted-foreground">{msg.timeLapseNeedsTwo}</p>
      ) : (
        // A new pose starts again from its first day.
        <TimeLapsePlayer key={pose} frames={frames} frameMs={frameMs} />
      )}
    </Card>
  );
}

function TimeLapsePlayer({ frames, frameMs }: { frames: ProgressPhotoView[]; frameMs: number }) {
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const count = frames.length;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), frameMs);
    return () => window.clearInterval(timer);
  }, [playing, count, frameMs]);
  const frame = frames[Math.min(index, count - 1)];
  const position = msg.timeLapseFrame(index + 1, count, frame.day);
  return (
    <figure className="flex flex-col gap-3">
      <img
        key={frame.id}
        src={frame.url}
        alt={photoAlt(frame)}
        width={600}
        height={800}
        className="mx-auto aspect-[3/4] w-full max-w-md rounded-xl bg-muted object-cover"
      />
      <figcaption className="text-center text-sm font-semibold">
        {position} · {formatWeekdayDate(frame.date)}
      </figcaption>
      <div className="flex items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          size="icon"
          aria-label={playing ? msg.timeLapsePause : msg.timeLapsePlay}
          onClick={() => setPlaying((p) => !p)}
        >
          {playing ? (
            <Pause aria-hidden className="size-5" />
          ) : (
            <Play aria-hidden className="size-5" />
          )}
        </Button>
        <input
          type="range"
          min={0}
          max={count - 1}
          value={index}
          onChange={(event) => {
            setPlaying(false);
            setIndex(Number(event.target.value));
          }}
          aria-label={msg.timeLapseTitle}
          aria-valuetext={position}
          className="h-11 flex-1 accent-primary"
        />
      </div>
    </figure>
  );
}
