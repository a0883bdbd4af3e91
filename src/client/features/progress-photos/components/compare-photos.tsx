import { useId, useState, type ReactNode } from 'react';
import type { ProgressPhotoView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { byDayAndPose, defaultComparePair } from '@shared/domain/progress-photos';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { PhotoFigure } from './photo-figure';
import { photoAlt, photoCaption, photoOption } from './photo-names';

type Mode = 'side' | 'slider';

/**
 * Compare: Day 1 against the newest day by default, any two photos by choice; side by side, or the
 * second over the first with a slider (a range input: arrows, Page Up/Down, Home and End).
 */
export function ComparePhotos({
  photos,
  unitPref,
  actions,
}: {
  photos: ProgressPhotoView[];
  unitPref: UnitPref;
  /** What the member can do with the pair on screen (share it as a collage). */
  actions?: (pair: { first: ProgressPhotoView; second: ProgressPhotoView }) => ReactNode;
}) {
  const id = useId();
  const ordered = byDayAndPose(photos);
  const initial = defaultComparePair(ordered);
  const [firstId, setFirstId] = useState(initial?.first.id ?? '');
  const [secondId, setSecondId] = useState(initial?.second.id ?? '');
  const [mode, setMode] = useState<Mode>('side');
  if (!initial) {
    return (
      <Card className="flex flex-col gap-2 p-5">
        <CardTitle>{msg.compareTitle}</CardTitle>
        <p className="text-sm text-muted-foreground">{msg.compareNeedsTwo}</p>
      </Card>
    );
  }
  const first = ordered.find((p) => p.id === firstId) ?? initial.first;
  const second = ordered.find((p) => p.id === secondId) ?? initial.second;
  return (
    <Card className="flex flex-col gap-4 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CardTitle>{msg.compareTitle}</CardTitle>
        <ModeToggle mode={mode} onChange={setMode} />
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <PhotoSelect
          id={`${id}-first`}
          label={msg.compareFirst}
          photos={ordered}
          value={first.id}
          onChange={setFirstId}
        />
        <PhotoSelect
          id={`${id}-second`}
          label={msg.compareSecond}
          photos={ordered}
          value={second.id}
          onChange={setSecondId}
        />
      </div>
      {mode === 'side' ? (
        <div className="mx-auto grid w-full max-w-3xl grid-cols-2 gap-3">
          <PhotoFigure photo={first} unitPref={unitPref} />
          <PhotoFigure photo={second} unitPref={unitPref} />
        </div>
      ) : (
        <CompareSlider first={first} second={second} />
      )}
      {actions?.({ first, second })}
    </Card>
  );
}

/** The second photo over the first, uncovered from the left as far as the slider says. */
function CompareSlider({ first, second }: { first: ProgressPhotoView; second: ProgressPhotoView }) {
  const [percent, setPercent] = useState(50);
  const image = 'absolute inset-0 size-full object-cover';
  return (
    <figure className="flex flex-col gap-3">
      <div className="relative mx-auto aspect-[3/4] w-full max-w-md overflow-hidden rounded-xl bg-muted">
        <img src={first.url} alt={photoAlt(first)} className={image} decoding="async" />
        <img
          src={second.url}
          alt={photoAlt(second)}
          className={image}
          decoding="async"
          style={{ clipPath: `inset(0 ${100 - percent}% 0 0)` }}
        />
        <div
          aria-hidden
          className="absolute inset-y-0 w-0.5 bg-white shadow"
          style={{ left: `${percent}%` }}
        />
      </div>
      <input
        type="range"
        min={0}
        max={100}
        step={5}
        value={percent}
        onChange={(event) => setPercent(Number(event.target.value))}
        aria-label={msg.compareSliderLabel(first.day, second.day)}
        aria-valuetext={msg.compareSliderValue(first.day, second.day, percent)}
        className="h-11 w-full accent-primary"
      />
      <figcaption className="flex justify-between text-sm font-semibold">
        <span>{photoCaption(second)}</span>
        <span>{photoCaption(first)}</span>
      </figcaption>
    </figure>
  );
}

function ModeToggle({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const modes = [
    ['side', msg.compareSideBySide],
    ['slider', msg.compareSlider],
  ] as const;
  return (
    <div role="group" aria-label={msg.compareTitle} className="flex gap-2">
      {modes.map(([value, label]) => (
        <Button
          key={value}
          type="button"
          size="sm"
          variant={mode === value ? 'primary' : 'secondary'}
          aria-pressed={mode === value}
          onClick={() => onChange(value)}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}

function PhotoSelect({
  id,
  label,
  photos,
  value,
  onChange,
}: {
  id: string;
  label: string;
  photos: ProgressPhotoView[];
  value: string;
  onChange: (photoId: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {photos.map((p) => (
          <option key={p.id} value={p.id}>
            {photoOption(p)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
