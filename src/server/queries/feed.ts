import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_SETTINGS_TIMEZONE,
  FEED_PAGE_SIZE,
  FIRST_COMMENTS_SHOWN,
  REACTION_KEYS,
  type ReactionKey,
} from '@shared/constants';
import { queryRows, type DbOrTx, type Row } from '../db/client';
import type { FeedPost } from '@shared/api-types';
import { mediaView } from './media-urls';
import { audienceView, leftCrewSql } from './audience';
import { feedCursors } from './feed-cursor';
import { cycleStartSql, sharesWeightSql, weightChangeSql } from './weight';

export type { FeedPost };

/**
 * A feed card as the cache keeps it for every viewer: the author's weight change is there whatever
 * their switch says, with the switch, and `forViewer` (feed-viewer.ts) keeps it only for the author or when shared
 * (decision 0036), so the API never sends an unshared weight to anyone else.
 */
export type FeedCard = FeedPost & { weightShared: boolean };

/** The author's weight change as of the post, since Day 1 of the post's cycle. */
const postWeightChange = weightChangeSql({
  userId: sql`p.user_id`,
  start: cycleStartSql(
    sql`cy.start_date`,
    sql`coalesce(us.timezone, ${DEFAULT_SETTINGS_TIMEZONE})`,
  ),
  end: sql`cy.ended_at`,
  at: sql`p.created_at`,
});

const mediaJson = (alias: string) =>
  sql.raw(
    `json_build_object('id', ${alias}.id, 'storagePath', ${alias}.storage_path, 'mediaType', ${alias}.media_type, 'mimeType', ${alias}.mime_type, 'sortIndex', ${alias}.sort_index)`,
  );

// Building blocks of the feed services (service.ts): plain queries over `db`, no authorization.

/**
 * Posts with everything a feed card shows, in ONE statement whatever the page size: author, check-in
 * numbers, the author's cumulative totals up to that day, counts, reactions, media, the first comments
 * and the updates, each gathered per post by an indexed subquery.
 */
export async function selectFeedPosts(
  db: DbOrTx,
  where: SQL,
  limit: number,
  /**
   * Which audiences the page may hold: the community feed's own (public posts) by default, the
   * condition the partial index posts_feed_idx is made for; a crew's feed passes its own (decision 0046).
   */
  audience: SQL = sql`p.visibility = 'public'`,
): Promise<Row[]> {
  // The page is picked first from the feed index, then decorated: the planner never sorts all posts.
  return queryRows(
    db,
    sql`
    with page as materialized (
      select p.* from posts p
      where ${audience} and not p.is_hidden and ${where}
      order by p.created_at desc, p.id desc
      limit ${limit}
    )
    select p.id, p.created_at, p.created_at::text as cursor_ts, p.caption, p.media_url, p.user_id,
      p.visibility, p.crew_id, (select cr.name from crews cr where cr.id = p.crew_id) as crew_name,
      ${leftCrewSql('p')} as left_crew,
      pr.display_name, pr.avatar_url,
      k.id as checkin_id, k.day_number, k.journal_md,
      coalesce(k.moved_minutes, 0) as moved_minutes, coalesce(k.steps, 0) as steps,
      k.activity_source, k.activity_at,
      coalesce(cum.minutes, 0) as cumulative_minutes, coalesce(cum.steps, 0) as cumulative_steps,
      (select count(*)::int from likes l where l.post_id = p.id) as like_count,
      (select count(*)::int from comments cm where cm.post_id = p.id) as comment_count,
      coalesce((select json_object_agg(rr.reaction, rr.n) from (
        select r.reaction, count(*)::int as n from post_reactions r where r.post_id = p.id group by r.reaction
      ) rr), '{}'::json) as reactions,
      -- a progress photo is its owner's alone (issue 46): no feed shows it, theirs neither
      coalesce((select json_agg(${mediaJson('m')} order by m.sort_index) from post_media m where m.post_id = p.id and m.progress_pose is null), '[]'::json) as media,
      coalesce((select json_agg(json_build_object('id', c.id, 'body', c.body, 'createdAt', c.created_at, 'userId', c.user_id,
          'displayName', cp.display_name, 'avatarUrl', cp.avatar_url) order by c.created_at, c.id)
        from (select * from comments c0 where c0.post_id = p.id order by c0.created_at, c0.id limit ${FIRST_COMMENTS_SHOWN}) c
        join profiles cp on cp.id = c.user_id), '[]'::json) as first_comments,
      coalesce((select json_agg(json_build_object('id', u.id, 'body', u.body, 'createdAt', u.created_at,
          'media', coalesce((select json_agg(${mediaJson('um')} order by um.sort_index) from checkin_update_media um where um.update_id = u.id), '[]'::json))
          order by u.created_at)
        from checkin_updates u where u.checkin_id = k.id
          -- an update waiting for its first file is not shown (checkins/service.ts createUpdate)
          and (u.body is not null or exists (select 1 from checkin_update_media um0 where um0.update_id = u.id))
        ), '[]'::json) as updates,
      ${postWeightChange} as weight_change_kg,
      ${sharesWeightSql(sql`p.user_id`)} as weight_shared
    from page p
    join profiles pr on pr.id = p.user_id
    left join checkins k on k.id = p.checkin_id
    left join cycles cy on cy.id = k.cycle_id
    left join user_settings us on us.user_id = p.user_id
    left join lateral (
      select sum(k2.moved_minutes)::int as minutes, sum(k2.steps)::bigint as steps
      from checkins k2 where k2.cycle_id = k.cycle_id and k2.day_number <= k.day_number
    ) cum on true
    order by p.created_at desc, p.id desc
  `,
  );
}

/**
 * One page of posts, newest first, after `cursor` (FEED_PAGE_SIZE a page, paged by (created_at, id),
 * never by offset), as the cache keeps it: `withViewer` (feed-viewer.ts) adds the viewer's own marks.
 */
export async function selectFeedPage(
  db: DbOrTx,
  cursor: string | undefined,
  where: SQL,
  audience?: SQL,
): Promise<{ cards: FeedCard[]; nextCursor: string | null }> {
  const after = cursor ? feedCursors.decode(cursor) : null;
  const position = after
    ? sql`(p.created_at, p.id) < (${after.t}::timestamptz, ${after.id}::uuid)`
    : sql`true`;
  const rows = await selectFeedPosts(
    db,
    sql`${position} and ${where}`,
    FEED_PAGE_SIZE + 1,
    audience,
  );
  const last = rows[FEED_PAGE_SIZE - 1];
  return {
    cards: rows.slice(0, FEED_PAGE_SIZE).map(toFeedPost),
    nextCursor:
      rows.length > FEED_PAGE_SIZE && last
        ? feedCursors.encode(String(last.cursor_ts), String(last.id))
        : null,
  };
}

const iso = (value: unknown) => new Date(value as string).toISOString();

/** A feed card as the cache keeps it; `forViewer` (feed-viewer.ts) makes it what one viewer sees. */
export function toFeedPost(row: Row): FeedCard {
  const id = String(row.id);
  const reactionCounts = (row.reactions ?? {}) as Record<string, number>;
  const reactions = Object.fromEntries(
    REACTION_KEYS.map((k) => [k, Number(reactionCounts[k] ?? 0)]),
  ) as Record<ReactionKey, number>;
  const comments = (row.first_comments as Row[]).map((c) => ({
    id: String(c.id),
    body: String(c.body),
    createdAt: iso(c.createdAt),
    author: {
      id: String(c.userId),
      displayName: String(c.displayName),
      avatarUrl: (c.avatarUrl as string | null) ?? null,
    },
    mine: false,
  }));
  return {
    id,
    createdAt: iso(row.created_at),
    caption: (row.caption as string | null) ?? null,
    journalMd: (row.journal_md as string | null) ?? null,
    legacyMediaUrl: (row.media_url as string | null) ?? null,
    author: {
      id: String(row.user_id),
      displayName: String(row.display_name),
      avatarUrl: (row.avatar_url as string | null) ?? null,
    },
    dayNumber: row.day_number == null ? null : Number(row.day_number),
    // A post with no check-in (a shared week) has no day to count: no zeros standing for it.
    dayStats:
      row.checkin_id == null
        ? null
        : {
            movedMinutes: Number(row.moved_minutes),
            steps: Number(row.steps),
            cumulativeMinutes: Number(row.cumulative_minutes),
            cumulativeSteps: Number(row.cumulative_steps),
          },
    activitySource: row.activity_source
      ? { source: String(row.activity_source), at: iso(row.activity_at) }
      : null,
    media: (row.media as Row[]).map((m) => mediaView(m as never)),
    likeCount: Number(row.like_count),
    likedByMe: false,
    commentCount: Number(row.comment_count),
    comments,
    reactions,
    myReaction: null,
    updates: (row.updates as Row[]).map((u) => ({
      id: String(u.id),
      body: (u.body as string | null) ?? null,
      createdAt: iso(u.createdAt),
      media: (u.media as Row[]).map((m) => mediaView(m as never)),
    })),
    weightChangeKg: row.weight_change_kg == null ? null : Number(row.weight_change_kg),
    audience: audienceView(row),
    weightShared: Boolean(row.weight_shared),
  };
}
