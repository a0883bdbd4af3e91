import type { ProgressPhotoView } from '@shared/api-types';
import type { UnitPref } from '@shared/constants';
import { formatWeight } from '@shared/format';
import { msg } from '@shared/messages';
import { cn } from '@client/lib/cn';
import { photoAlt, photoCaption } from './photo-names';

/** One progress photo with its Day, date and the weight logged that day (the member's eyes only). */
export function PhotoFigure({
  photo,
  unitPref,
  className,
}: {
  photo: ProgressPhotoView;
  unitPref: UnitPref;
  className?: string;
}) {
  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)}>
      <img
        src={photo.url}
        alt={photoAlt(photo)}
        width={600}
        height={800}
        decoding="async"
        className="aspect-[3/4] w-full rounded-xl bg-muted object-cover"
      />
      <figcaption className="flex flex-col text-sm">
        <span className="font-semibold">{photoCaption(photo)}</span>
        {photo.weightKg !== null && (
          <span className="text-muted-foreground">
            {msg.progressPhotoWeight(formatWeight(photo.weightKg, unitPref))}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
