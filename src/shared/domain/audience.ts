import { z } from 'zod';
import { msg } from '../messages';

/**
 * Who sees a post (issue 30, decision 0046): the whole community (the default, the spec's feed), one
 * crew the author is in, or the author alone. The one shape every form and service uses to choose an
 * audience: the check-in form, the post menu, and any later feature that publishes a post (a shared
 * weekly review) parses its input with `audienceSchema` and has the server check it with
 * `resolveAudience` (src/server/modules/crews/audience.ts).
 */
export type PostAudience =
  { kind: 'community' } | { kind: 'crew'; crewId: string } | { kind: 'only_me' };

/**
 * A post's audience as its readers see it: a crew's name comes along. An only-me post that was a
 * crew's until its author left the crew (or was removed, or it closed) names that crew to its author
 * (decision 0093).
 */
export type PostAudienceView =
  | { kind: 'community' }
  | { kind: 'crew'; crewId: string; crewName: string }
  | { kind: 'only_me'; leftCrew?: LeftCrew };

/** The crew an only-me post was shared with before: left (or removed from), or closed. */
export interface LeftCrew {
  crewName: string;
  closed: boolean;
}

export const COMMUNITY_AUDIENCE: PostAudience = { kind: 'community' };

export const audienceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('community') }),
    z.object({
      kind: z.literal('crew'),
      crewId: z.uuid({ error: () => msg.audienceCrewNotYours }),
    }),
    z.object({ kind: z.literal('only_me') }),
  ],
  { error: () => msg.validation },
);

/** The body of PATCH /api/posts/:id/audience. */
export const postAudienceBodySchema = z.object({ audience: audienceSchema });

/** A stable string for a select box: 'community', 'only_me' or 'crew:<id>'. */
export function audienceKey(audience: PostAudience | PostAudienceView): string {
  return audience.kind === 'crew' ? `crew:${audience.crewId}` : audience.kind;
}

/**
 * A post's audience in a few words, as its author sees it on the card: "Community", the crew's
 * name, "Only me", or "Only me" with the crew it came from ("no longer in Morning Crew", "Morning
 * Crew closed"; decision 0093).
 */
export function audienceLabel(audience: PostAudienceView): string {
  if (audience.kind === 'crew') return audience.crewName;
  if (audience.kind === 'community') return msg.audienceCommunity;
  const left = audience.leftCrew;
  if (!left) return msg.audienceOnlyMe;
  return left.closed
    ? msg.audienceOnlyMeCrewClosed(left.crewName)
    : msg.audienceOnlyMeLeftCrew(left.crewName);
}

/** The audience a select box's value names (the inverse of audienceKey). */
export function audienceFromKey(key: string): PostAudience {
  if (key.startsWith('crew:')) return { kind: 'crew', crewId: key.slice(5) };
  return key === 'only_me' ? { kind: 'only_me' } : COMMUNITY_AUDIENCE;
}
