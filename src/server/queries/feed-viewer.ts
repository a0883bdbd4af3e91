import { sql } from 'drizzle-orm';
import type { ReactionKey } from '@shared/constants';
import type { FeedPost } from '@shared/api-types';
import { batchedPer, preparedPer, type DbOrTx } from '../db/client';
import { likes, postReactions } from '../db/schema';
import type { FeedCard } from './feed';

// A feed card as one viewer sees it (queries/feed.ts reads the cards every viewer shares): their own
// likes and reactions, their own comments marked, and the weight change only if theirs to see.

/** Cards as one viewer sees them: their own likes and reactions, their own comments marked. */
export async function withViewer(
  db: DbOrTx,
  viewerId: string,
  cards: FeedCard[],
): Promise<FeedPost[]> {
  const marks = await viewerMarks(
    db,
    viewerId,
    cards.map((p) => p.id),
  );
  return cards.map((post) => forViewer(post, viewerId, marks));
}

/**
 * Viewers' own likes and reactions on sets of posts, for the feed pages of one moment in one prepared,
 * indexed round trip (`batchedPer`, decision 0027). The asks are grouped by page (the pages of one
 * moment are mostly the same page): each page's posts and each page's viewers go once, numbered by
 * page, and only the pairs of a page's viewers and its own posts are looked up by the primary keys
 * (post, member).
 */
function prepareViewerMarks(db: DbOrTx) {
  const pairs =
    () => sql`unnest((select ${sql.placeholder('viewerIds')}::text[]), (select ${sql.placeholder('viewerPages')}::int[])) as v(viewer_id, page)
    join unnest((select ${sql.placeholder('postIds')}::uuid[]), (select ${sql.placeholder('postPages')}::int[])) as p(post_id, page)
      on p.page = v.page`;
  return db
    .select({
      viewerId: likes.userId,
      postId: likes.postId,
      reaction: sql<string | null>`null::text`,
    })
    .from(pairs())
    .innerJoin(likes, sql`${likes.postId} = p.post_id and ${likes.userId} = v.viewer_id`)
    .unionAll(
      db
        .select({
          viewerId: postReactions.userId,
          postId: postReactions.postId,
          reaction: postReactions.reaction,
        })
        .from(pairs())
        .innerJoin(
          postReactions,
          sql`${postReactions.postId} = p.post_id and ${postReactions.userId} = v.viewer_id`,
        ),
    )
    .prepare('viewer_marks');
}

const viewerMarksStatement = preparedPer(prepareViewerMarks);

/** The asks' pages, each once, with the viewers who asked for it (each once a page). */
function pagesOf(asks: readonly { viewerId: string; postIds: string[] }[]) {
  const pages = new Map<string, { postIds: string[]; viewerIds: Set<string> }>();
  for (const { viewerId, postIds } of asks) {
    const key = postIds.join(',');
    const page = pages.get(key) ?? { postIds, viewerIds: new Set<string>() };
    page.viewerIds.add(viewerId);
    pages.set(key, page);
  }
  const params = {
    viewerIds: [] as string[],
    viewerPages: [] as number[],
    postIds: [] as string[],
    postPages: [] as number[],
  };
  [...pages.values()].forEach((page, i) => {
    for (const viewerId of page.viewerIds) {
      params.viewerIds.push(viewerId);
      params.viewerPages.push(i + 1);
    }
    for (const postId of page.postIds) {
      params.postIds.push(postId);
      params.postPages.push(i + 1);
    }
  });
  return params;
}

interface ViewerMarks {
  likes: Set<string>;
  reactions: Map<string, ReactionKey>;
}

const batchedViewerMarks = batchedPer(
  async (
    db: DbOrTx,
    asks: readonly { viewerId: string; postIds: string[] }[],
  ): Promise<ViewerMarks[]> => {
    const rows = await viewerMarksStatement(db).execute(pagesOf(asks));
    const byViewer = new Map<string, typeof rows>();
    for (const row of rows) {
      const own = byViewer.get(row.viewerId);
      if (own) own.push(row);
      else byViewer.set(row.viewerId, [row]);
    }
    return asks.map(({ viewerId, postIds }) => {
      const own = new Set(postIds);
      const marks = (byViewer.get(viewerId) ?? []).filter((m) => own.has(m.postId));
      return {
        likes: new Set(marks.filter((m) => m.reaction === null).map((m) => m.postId)),
        reactions: new Map(
          marks.flatMap((m) =>
            m.reaction === null ? [] : [[m.postId, m.reaction as ReactionKey] as const],
          ),
        ),
      };
    });
  },
);

/** The viewer's own likes and reactions on a set of posts. */
export async function viewerMarks(
  db: DbOrTx,
  viewerId: string,
  postIds: string[],
): Promise<ViewerMarks> {
  if (postIds.length === 0) return { likes: new Set(), reactions: new Map() };
  return batchedViewerMarks(db, { viewerId, postIds });
}

/** A card as `viewerId` sees it: their own marks, and the weight change only if theirs to see. */
export function forViewer(
  card: FeedCard,
  viewerId: string,
  marks: Awaited<ReturnType<typeof viewerMarks>>,
): FeedPost {
  const { weightShared, ...post } = card;
  const weightVisible = weightShared || post.author.id === viewerId;
  return {
    ...post,
    weightChangeKg: weightVisible ? post.weightChangeKg : null,
    likedByMe: marks.likes.has(post.id),
    myReaction: marks.reactions.get(post.id) ?? null,
    comments: post.comments.map((c) => (c.author.id === viewerId ? { ...c, mine: true } : c)),
  };
}
