import { useEffect, useState } from 'react';
import { CloudOff, RefreshCw } from 'lucide-react';
import { msg } from '@shared/messages';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { MoveAndSteps } from '../components/move-and-steps';
import type { QueuedCheckin } from './queue';
import { useOnline } from './use-queued-checkin';

/** Object URLs for the queued photos, revoked when the card goes. */
function usePreviews(item: QueuedCheckin): Array<{ url: string; video: boolean; name: string }> {
  const [previews, setPreviews] = useState<Array<{ url: string; video: boolean; name: string }>>(
    [],
  );
  useEffect(() => {
    const made = item.files.map((file) => ({
      url: URL.createObjectURL(file.blob),
      video: file.type.startsWith('video/'),
      name: file.name,
    }));
    setPreviews(made);
    return () => made.forEach((preview) => URL.revokeObjectURL(preview.url));
  }, [item]);
  return previews;
}

/**
 * Today's check-in while it waits on this device (decision 0023): clearly not sent yet, with what
 * it holds, so the member knows it is safe and does not fill it in again.
 */
export function QueuedCheckinCard({ item }: { item: QueuedCheckin }) {
  const online = useOnline();
  const previews = usePreviews(item);
  return (
    <Card
      className="border-2 border-dashed border-warning/60"
      data-testid="queued-checkin"
      aria-labelledby={`queued-${item.id}`}
    >
      <CardHeader className="gap-2">
        <div className="flex items-start gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-warning/15 text-warning">
            {online ? (
              <RefreshCw aria-hidden className="size-5 motion-safe:animate-spin" />
            ) : (
              <CloudOff aria-hidden className="size-5" />
            )}
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={`queued-${item.id}`} className="text-xl font-bold tracking-tight">
              {msg.checkinWaitingTitle}
            </h2>
            <p role="status" className="text-sm text-muted-foreground">
              {online ? msg.checkinWaitingSending : msg.checkinWaitingBody}
            </p>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <MoveAndSteps movedMinutes={item.input.movedMinutes} steps={item.input.steps} />
        {previews.length > 0 && (
          <ul
            className="flex flex-wrap gap-2"
            aria-label={msg.queuedCheckinCard.photosAndVideosWaitingTo}
          >
            {previews.map((preview, index) => (
              <li key={preview.url}>
                {preview.video ? (
                  <video
                    src={preview.url}
                    muted
                    className="size-20 rounded-lg object-cover opacity-80"
                    aria-label={msg.queuedCheckinCard.video(index + 1, preview.name)}
                  />
                ) : (
                  <img
                    src={preview.url}
                    alt={msg.queuedCheckinCard.photo(index + 1, preview.name)}
                    className="size-20 rounded-lg object-cover opacity-80"
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
