import {
  useMutation,
  useQueryClient,
  type MutationMeta,
  type QueryKey,
} from '@tanstack/react-query';

/**
 * An admin change, then the lists it shows in are read again: `stale` names them (a prefix key
 * covers every search and page of a list). The mutation settles after the lists are marked stale.
 * `meta` names the messages the query client shows for its outcome (lib/query-client.ts).
 */
export function useAdminMutation<I, O>(
  mutationFn: (input: I) => Promise<O>,
  stale: readonly QueryKey[],
  meta?: MutationMeta,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta,
    onSuccess: () =>
      Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
