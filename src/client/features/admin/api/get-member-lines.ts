import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMemberLines, MemberCycleLine } from '@shared/api-types';
import { api } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/admin/users/lines?ids=: the cycle line of each member of one page (decision 0132). */
export function getMemberLines(
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<AdminMemberLines> {
  return api.get<AdminMemberLines>('/api/admin/users/lines', {
    query: { ids: ids.join(',') },
    signal,
  });
}

/** Each asked member's line by id; an id not in the map was not asked (yet). */
const linesById = (data: AdminMemberLines) =>
  new Map<string, MemberCycleLine | null>(data.lines.map((l) => [l.id, l.cycle]));

export const memberLinesQueryOptions = (ids: readonly string[]) =>
  queryOptions({
    queryKey: queryKeys.admin.memberLines(ids),
    queryFn: ({ signal }) => getMemberLines(ids, signal),
    enabled: ids.length > 0,
    // When a page's members change (one added or deleted), the lines already known stay shown.
    placeholderData: keepPreviousData,
    select: linesById,
  });

/** The lines of one page's members, by id. */
export const useMemberLines = (ids: readonly string[]) => useQuery(memberLinesQueryOptions(ids));
