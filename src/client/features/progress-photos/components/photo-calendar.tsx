import { Camera } from 'lucide-react';
import type { ProgressPhotoView } from '@shared/api-types';
import { CYCLE_LENGTH_DAYS } from '@shared/constants';
import { posesByDay } from '@shared/domain/progress-photos';
import { msg } from '@shared/messages';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/cn';
import { poseLabel } from './photo-names';

/**
 * The cycle's 90 days with the photo days marked. A screen reader hears the photo days only ("Day 30,
 * progress photo, front"): the other 80-odd cells are the picture around them.
 */
export function PhotoCalendar({ photos }: { photos: ProgressPhotoView[] }) {
  const marks = posesByDay(photos);
  const days = Array.from({ length: CYCLE_LENGTH_DAYS }, (_, i) => i + 1);
  return (
    <Card className="flex flex-col gap-4 p-5">
      <CardTitle>{msg.progressCalendarTitle}</CardTitle>
      <ol
        className="grid grid-cols-10 gap-1 lg:grid-cols-15"
        aria-label={msg.progressCalendarTitle}
      >
        {days.map((day) => {
          const poses = marks.get(day);
          return (
            <li
              key={day}
              aria-hidden={poses ? undefined : true}
              className={cn(
                'flex aspect-square flex-col items-center justify-center rounded-md text-xs tabular',
                poses
                  ? 'bg-primary font-bold text-primary-foreground'
                  : 'bg-muted text-muted-foreground',
              )}
            >
              {poses ? (
                <>
                  <span className="sr-only">
                    {msg.progressCalendarDay(
                      day,
                      poses.map((p) => poseLabel(p).toLowerCase()),
                    )}
                  </span>
                  <span aria-hidden>{day}</span>
                  <Camera aria-hidden className="size-3" />
                </>
              ) : (
                day
              )}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
