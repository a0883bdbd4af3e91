// A server-rendered screen's loader (src/client/render/README.md): fills a QueryClient from the query
// options its screen already reads, as bulletproof-react's route loaders do. The server runs it
// against its own API as the member (render/server-entry.tsx), renders, and sends the cache along,
// dehydrated; the app hydrates its cache from it before its first render (main.tsx). The member
// screens' loaders are made with `memberLoader` (app/routes/app/layout.tsx: the guard's reads first).
// Types only: nothing here is shipped.

import type { QueryClient } from '@tanstack/react-query';

/** The address's `:param` values (`{ crewId }` on `/app/crews/:crewId`), as the route reads them. */
export type PageParams = Record<string, string>;

/**
 * Resolves false when the guard would not show the screen (nobody signed in); rejects when a read
 * the screen needs fails. Either way the server sends the shell, and the app decides.
 */
export type PageLoader = (client: QueryClient, params: PageParams) => Promise<boolean>;
