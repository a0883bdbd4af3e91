import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';

/** How long typing must pause before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stopped changing for `ms`: one search per pause, not one per keystroke. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A list's search field; `onChange` gets every keystroke (debounce with useDebouncedValue). */
export function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <label className="relative block w-full sm:max-w-sm">
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={label}
        className="pl-9"
      />
    </label>
  );
}

/** "Load more" under a paged list: shown while the server has another page. */
export function LoadMore({
  list,
}: {
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isPlaceholderData: boolean;
    fetchNextPage: () => unknown;
  };
}) {
  // While a new search loads, the rows shown are the last search's: no page of those to add.
  if (!list.hasNextPage || list.isPlaceholderData) return null;
  return (
    <Button
      variant="secondary"
      className="self-center"
      disabled={list.isFetchingNextPage}
      onClick={() => list.fetchNextPage()}
    >
      {list.isFetchingNextPage ? msg.loading : msg.loadMore}
    </Button>
  );
}
