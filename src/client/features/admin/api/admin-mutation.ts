import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * An admin change, then the lists it shows in are read again: `stale` names them (a prefix key
 * covers every search and page of a list). The mutation settles after the lists are marked stale.
 */
export function useAdminMutation<I, O>(
  mutationFn: (input: I) => Promise<O>,
  stale: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
