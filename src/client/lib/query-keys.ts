// TanStack Query keys. Keys are arrays whose first item is the area, so invalidating `area.all`
// reaches every query below it (TanStack matches keys by prefix). Lint refuses a literal
// `queryKey: [...]`: a key is named once and every reader and invalidation uses that name.
//
// Where a key is named (decision 0121):
// - an area that only its own feature reads and changes declares its keys beside its fetcher,
//   `const keys = queryArea('checkin-days')` in `features/<area>/api/get-<area>.ts`;
// - an area that another folder names (another feature's mutation invalidates it, or lib/ and render/
//   read it, as the offline snapshot does) lives in `queryKeys` below: features never import each other.
// Every area's name is unique (query-keys.test.ts reads them all, here and in every queryArea call).

/**
 * The keys of one area: `all` (invalidating it reaches every query of the area) and `key(...parts)`
 * for a query below it, e.g. `keys.key('week', 3)` is `['<area>', 'week', 3]`.
 */
export function queryArea<const Area extends string>(area: Area) {
  return {
    all: [area] as const,
    key: <const Parts extends readonly unknown[]>(...parts: Parts) => [area, ...parts] as const,
  };
}

export const queryKeys = {
  session: {
    all: ['session'] as const,
  },
  subscription: {
    all: ['subscription'] as const,
    /** Keyed by member, so a different member never sees the previous one's answer. */
    member: (userId: string) => ['subscription', userId] as const,
  },
  adminInvite: {
    all: ['admin-invite'] as const,
    link: (email: string | undefined, token: string | undefined) =>
      ['admin-invite', email, token] as const,
  },
  checkins: {
    all: ['checkins'] as const,
    today: ['checkins', 'today'] as const,
  },
  cycle: {
    all: ['cycle'] as const,
  },
  /** The member's own progress photos (issue 46). */
  progressPhotos: {
    all: ['progress-photos'] as const,
  },
  review: {
    all: ['review'] as const,
    newest: ['review', 'newest'] as const,
    week: (cycle: string, week: number) => ['review', 'week', cycle, week] as const,
    weeks: ['review', 'weeks'] as const,
  },
  community: {
    all: ['community'] as const,
  },
  feed: {
    all: ['feed'] as const,
    community: ['feed', 'community'] as const,
    buddies: ['feed', 'buddies'] as const,
    /** The member's own posts, every audience (the profile's Your posts). */
    mine: ['feed', 'mine'] as const,
    comments: (postId: string) => ['feed', 'comments', postId] as const,
  },
  crews: {
    all: ['crews'] as const,
    mine: ['crews', 'mine'] as const,
    one: (crewId: string) => ['crews', 'one', crewId] as const,
    feed: (crewId: string) => ['crews', 'feed', crewId] as const,
    invite: (token: string) => ['crews', 'invite', token] as const,
    /** A crew's cycle (issue 44) and a cycle's Day 90 finale. */
    cycle: (crewId: string) => ['crews', 'cycle', crewId] as const,
    finale: (crewId: string, cycleId: string) => ['crews', 'finale', crewId, cycleId] as const,
  },
  invites: {
    all: ['invites'] as const,
    check: (token: string) => ['invites', token] as const,
  },
  coupons: {
    all: ['coupon-check'] as const,
    check: (code: string | null) => ['coupon-check', code] as const,
  },
  profile: {
    all: ['profile'] as const,
    me: ['profile', 'me'] as const,
    badges: ['profile', 'badges'] as const,
    health: ['profile', 'health'] as const,
  },
  settings: {
    all: ['settings'] as const,
    /** The member's rest days now and from next Monday (issue 43). */
    restDays: ['settings', 'rest-days'] as const,
  },
  connections: {
    all: ['connections'] as const,
    /** GET /api/connections/deliveries: the phone bridges' sync log (issue 45). */
    deliveries: ['connections', 'deliveries'] as const,
    /** GET /api/connections/fuel-targets (issue 45). */
    fuelTargets: ['connections', 'fuel-targets'] as const,
  },
  billing: {
    all: ['billing'] as const,
    /** GET /api/subscription/provider: this server's billing provider (public). */
    provider: ['billing', 'provider'] as const,
  },
  admin: {
    all: ['admin'] as const,
    users: (q: string) => ['admin', 'users', q] as const,
    /** The cycle lines of one page of Users, by its members' ids in page order. */
    memberLines: (ids: readonly string[]) => ['admin', 'member-lines', ...ids] as const,
    members: (q: string) => ['admin', 'members', q] as const,
    subscriptions: ['admin', 'subscriptions'] as const,
    notificationsAll: ['admin', 'notifications'] as const,
    notifications: (status: string) => ['admin', 'notifications', status] as const,
    posts: ['admin', 'posts'] as const,
    /** One page run of the Posts list for a search ('' : none). */
    postsFor: (q: string) => ['admin', 'posts', 'list', q] as const,
    /** One post by id: a report's "Open post". */
    post: (id: string) => ['admin', 'posts', 'one', id] as const,
    reports: ['admin', 'reports'] as const,
    reportsFor: (q: string) => ['admin', 'reports', q] as const,
    badges: ['admin', 'badges'] as const,
    coupons: ['admin', 'coupons'] as const,
    audit: ['admin', 'audit'] as const,
    crews: ['admin', 'crews'] as const,
  },
  workouts: {
    all: ['workouts'] as const,
    prefs: ['workouts', 'prefs'] as const,
    weeks: ['workouts', 'weeks'] as const,
  },
};

/** Mutation keys: used to ask whether another change of the same kind is still on its way. */
export const mutationKeys = {
  like: (postId: string) => ['feed', 'like', postId] as const,
  reaction: (postId: string) => ['feed', 'reaction', postId] as const,
};
