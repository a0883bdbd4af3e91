import { useState } from 'react';
import { Share2 } from 'lucide-react';
import type { ReviewShareAudience, WeeklyReviewView } from '@shared/api-types';
import { REVIEW_SHARE_MAX_PHOTOS } from '@shared/constants';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Checkbox } from '@client/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { useMyCrews } from '@client/lib/api/get-my-crews';
import { useShareWeek } from '../api/share-week';

/** The audiences "Share this week" offers: the community, each crew of the member's, or them alone. */
function useAudiences() {
  const crews = useMyCrews();
  return [
    {
      value: 'community' as ReviewShareAudience,
      label: msg.audienceCommunity,
      note: msg.shareWeekDialog.onTheCommunityFeed,
    },
    ...(crews.data?.crews ?? []).map((c) => ({
      value: `crew:${c.id}` as ReviewShareAudience,
      label: msg.audienceSelect.crewOption(c.name),
      note: msg.shareWeekDialog.onlyThisCrewSeesIt,
    })),
    {
      value: 'only_me' as ReviewShareAudience,
      label: msg.audienceOnlyMe,
      note: msg.shareWeekDialog.aPostOnlyYouCanSee,
    },
  ];
}

type Audience = ReturnType<typeof useAudiences>[number];

/** "Share this week": the week's numbers as a post; photos only when the member ticks them. */
export function ShareWeekDialog({ review }: { review: WeeklyReviewView }) {
  const [open, setOpen] = useState(false);
  const audiences = useAudiences();
  const [audience, setAudience] = useState<ReviewShareAudience>('community');
  const [photoIds, setPhotoIds] = useState<string[]>([]);
  const share = useShareWeek({ cycle: review.cycleId, week: review.week });

  if (review.sharedPostId)
    return (
      <p className="inline-flex min-h-11 items-center text-sm font-semibold text-muted-foreground">
        {msg.reviewShared}
      </p>
    );

  // The final review shares the whole cycle (its caption says "My 90 days").
  const label = review.final
    ? msg.shareWeekDialog.shareYourCycle
    : msg.shareWeekDialog.shareThisWeek;
  const toggle = (id: string, on: boolean) =>
    setPhotoIds((ids) =>
      on ? [...ids, id].slice(0, REVIEW_SHARE_MAX_PHOTOS) : ids.filter((x) => x !== id),
    );

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="primary">
          <Share2 aria-hidden className="size-4" />
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{label}</DialogTitle>
        <DialogDescription>{msg.shareWeekDialog.yourNumbersGoInA}</DialogDescription>
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            share.mutate({ audience, photoIds }, { onSuccess: () => setOpen(false) });
          }}
        >
          <AudienceChoice audiences={audiences} audience={audience} onChange={setAudience} />
          {review.photos.length > 0 && (
            <PhotoChoice photos={review.photos} photoIds={photoIds} onToggle={toggle} />
          )}
          {/* A visible way out on a touch screen, where there is no Escape key. */}
          <div className="grid grid-cols-2 gap-3">
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {msg.common.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={share.isPending}>
              {msg.shareWeekDialog.share}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** "Who sees it": one radio button per audience. */
function AudienceChoice({
  audiences,
  audience,
  onChange,
}: {
  audiences: Audience[];
  audience: ReviewShareAudience;
  onChange: (audience: ReviewShareAudience) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{msg.shareWeekDialog.whoSeesIt}</legend>
      {audiences.map((a) => (
        <label
          key={a.value}
          className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-border px-3"
        >
          <input
            type="radio"
            name="audience"
            value={a.value}
            checked={audience === a.value}
            onChange={() => onChange(a.value)}
            className="size-4 accent-current"
          />
          <span className="flex flex-col">
            <span className="font-semibold">{a.label}</span>
            <span className="text-xs text-muted-foreground">{a.note}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** "Add photos": the week's photos, each with a box to add it to the post. */
function PhotoChoice({
  photos,
  photoIds,
  onToggle,
}: {
  photos: WeeklyReviewView['photos'];
  photoIds: string[];
  onToggle: (id: string, on: boolean) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">
        {msg.shareWeekDialog.addPhotos(REVIEW_SHARE_MAX_PHOTOS)}
      </legend>
      <ul className="grid grid-cols-3 gap-2">
        {photos.map((p, i) => {
          const id = `share-photo-${p.media.id}`;
          const checked = photoIds.includes(p.media.id);
          return (
            <li key={p.media.id} className="flex flex-col items-center gap-1">
              <label htmlFor={id} className="w-full cursor-pointer">
                <img
                  src={p.media.thumbUrl ?? p.media.url}
                  alt={msg.shareWeekDialog.photoAlt(i + 1, p.day)}
                  width={96}
                  height={96}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg object-cover"
                />
              </label>
              <Checkbox
                id={id}
                checked={checked}
                aria-label={msg.shareWeekDialog.addPhoto(i + 1, p.day)}
                onCheckedChange={(on) => onToggle(p.media.id, on === true)}
              />
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
