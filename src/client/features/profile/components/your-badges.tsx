import { Award, CircleAlert } from 'lucide-react';
import { GENERIC_BADGE_EMOJI, KNOWN_BADGES } from '@shared/constants';
import { formatDate } from '@shared/format';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { msg } from '@shared/messages';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { useEarnedBadges } from '../api/get-badges';

const emojiFor = (code: string) =>
  code in KNOWN_BADGES
    ? KNOWN_BADGES[code as keyof typeof KNOWN_BADGES].emoji
    : GENERIC_BADGE_EMOJI;

/** Your Badges: image or default emoji, name, description and the day it was earned. */
export function YourBadges() {
  const timeZone = useMemberTimeZone();
  const badges = useEarnedBadges();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Award aria-hidden className="size-5 text-accent-text" />
          {msg.yourBadges}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {badges.isPending ? (
          <p className="text-sm text-muted-foreground">{msg.loading}</p>
        ) : badges.isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-danger">
            <CircleAlert aria-hidden className="size-4" />
            {msg.errorLoadingProfile}
          </p>
        ) : badges.data.badges.length === 0 ? (
          <p className="text-sm text-muted-foreground">{msg.noBadgesYet}</p>
        ) : (
          <ul aria-label={msg.yourBadges} className="grid gap-3 sm:grid-cols-2">
            {badges.data.badges.map((badge) => (
              <li
                key={badge.code}
                className="flex items-center gap-3 rounded-xl border border-border bg-muted/40 p-3"
              >
                {badge.imageUrl ? (
                  <img src={badge.imageUrl} alt="" className="size-12 rounded-lg object-cover" />
                ) : (
                  <span aria-hidden className="text-4xl leading-none">
                    {emojiFor(badge.code)}
                  </span>
                )}
                <div className="flex min-w-0 flex-col">
                  <p className="font-semibold">{badge.name}</p>
                  {badge.description && (
                    <p className="text-sm text-muted-foreground">{badge.description}</p>
                  )}
                  <p className="text-xs text-muted-foreground">
                    {msg.yourBadgesScreen.earned}{' '}
                    <time dateTime={badge.awardedAt}>{formatDate(badge.awardedAt, timeZone)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
