import { useMutation, useQueryClient, type MutationMeta } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

/**
 * A crew change (server: modules/crews, issue 30): the call, then every crews query read again;
 * `meta` says its outcome (decision 0067).
 */
export function useCrewChange<V, T>(call: (variables: V) => Promise<T>, meta?: MutationMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    meta,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.crews.all }),
  });
}
