import type { ReactNode } from 'react';
import { msg } from '@shared/messages';
import { RichText, type RichTags } from '@client/i18n/rich-text';
import { CopyField } from './copy-field';

/** The address a phone sends today's numbers to, on this server. */
export function activityUrl(origin: string): string {
  return `${origin}/api/v1/me/today/activity`;
}

// What the steps' tags become (msg.connectionRecipes): an app's button, what is typed as it is, and
// a long value (the token) that may break anywhere on a phone.
const tags: RichTags<'b' | 'code' | 'wide'> = {
  b: (chunks) => <b>{chunks}</b>,
  code: (chunks) => <code>{chunks}</code>,
  wide: (chunks) => <code className="break-all">{chunks}</code>,
};

// Tasker's request body: typed as it is, in every language.
const TASKER_BODY =
  '{"steps": %steps, "moveMinutes": %minutes, "source": "Health Connect", "date": "%date"}';

/**
 * Step-by-step recipes for a phone (docs/connections.md has the same, longer): Apple Shortcuts,
 * Android and curl, each with this member's own address ready to copy. `token` is filled in right
 * after a token is made; otherwise the recipes say where it goes.
 */
export function ConnectionRecipes({ origin, token }: { origin: string; token: string | null }) {
  const url = activityUrl(origin);
  const shownToken = token ?? 'YOUR_TOKEN';
  const curl = [
    `curl -X PUT '${url}' \\`,
    `  -H 'Authorization: Bearer ${shownToken}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d "{\\"steps\\": 8432, \\"moveMinutes\\": 37, \\"source\\": \\"curl\\", \\"date\\": \\"$(date +%F)\\"}"`,
  ].join('\n');
  const recipes = msg.connectionRecipes;
  return (
    <div className="flex flex-col gap-3">
      <CopyField label={recipes.address} value={url} />
      <Recipe title={recipes.shortcutsTitle}>
        <li>
          <RichText text={recipes.shortcuts1} tags={tags} />
        </li>
        <li>
          <RichText text={recipes.shortcuts2} tags={tags} />
        </li>
        <li>
          <RichText text={recipes.shortcuts3} tags={tags} />
        </li>
        <li>
          <RichText text={recipes.shortcuts4} tags={tags} />
        </li>
        <li>
          <RichText text={recipes.shortcuts5(shownToken)} tags={tags} />
        </li>
        <li>{recipes.shortcuts6}</li>
      </Recipe>
      <Recipe title={recipes.androidTitle}>
        <li>
          <RichText text={recipes.android1} tags={tags} />
        </li>
        <li>
          <RichText text={recipes.android2} tags={tags} />
        </li>
        <li>
          <RichText text={recipes.android3(shownToken, TASKER_BODY)} tags={tags} />
        </li>
        <li>
          <RichText text={recipes.android4} tags={tags} />
        </li>
      </Recipe>
      <Recipe title={recipes.curlTitle}>
        <li>{recipes.curlPaste}</li>
        <li className="list-none">
          {/* Focusable: a keyboard scrolls the command's long lines too. */}
          <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-muted p-3 text-xs">
            <code>{curl}</code>
          </pre>
        </li>
      </Recipe>
      <p className="text-sm text-muted-foreground">
        <RichText
          text={recipes.numbersCount}
          tags={{
            link: (chunks) => (
              <a className="font-medium text-accent-text underline" href="/api/v1/reference">
                {chunks}
              </a>
            ),
          }}
        />
      </p>
    </div>
  );
}

function Recipe({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group rounded-xl border border-border px-4 py-3">
      <summary className="cursor-pointer font-semibold">{title}</summary>
      <ol className="mt-3 flex list-decimal flex-col gap-2 pl-5 text-sm leading-relaxed">
        {children}
      </ol>
    </details>
  );
}
