import type { ReactNode } from 'react';
import { CopyField } from './copy-field';

/** The address a phone sends today's numbers to, on this server. */
export function activityUrl(origin: string): string {
  return `${origin}/api/v1/me/today/activity`;
}

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
  return (
    <div className="flex flex-col gap-3">
      <CopyField label="Your address for today's numbers" value={url} />
      <ShortcutsRecipe shownToken={shownToken} />
      <HealthConnectRecipe shownToken={shownToken} />
      <Recipe title="Any computer: curl">
        <li>Paste this in a terminal (it sends today&apos;s date with the numbers):</li>
        <li className="list-none">
          <pre className="overflow-x-auto rounded-lg bg-muted p-3 text-xs">
            <code>{curl}</code>
          </pre>
        </li>
      </Recipe>
      <p className="text-sm text-muted-foreground">
        The numbers count for your today in your StackDays time zone. Before you check in they fill
        in the form; after, they can only raise today&apos;s steps and minutes, until midnight.{' '}
        <a className="font-medium text-accent-text underline" href="/api/v1/reference">
          API reference
        </a>
      </p>
    </div>
  );
}

/** iPhone: an Apple Shortcuts automation that sends the day's steps and minutes each evening. */
function ShortcutsRecipe({ shownToken }: { shownToken: string }) {
  return (
    <Recipe title="iPhone: Apple Shortcuts, every evening">
      <li>
        Open <b>Shortcuts</b>, tap <b>Automation</b>, then <b>+</b> and <b>Time of Day</b>. Choose
        9:00 PM, <b>Daily</b>, and <b>Run Immediately</b>.
      </li>
      <li>
        Add <b>Find Health Samples</b>: type <b>Steps</b>, start date <b>is today</b>. Add{' '}
        <b>Calculate Statistics</b>: <b>Sum</b> of the samples.
      </li>
      <li>
        Add another <b>Find Health Samples</b> for <b>Exercise Minutes</b> today, and another{' '}
        <b>Calculate Statistics</b> (Sum).
      </li>
      <li>
        Add <b>Format Date</b>: <b>Current Date</b>, custom format <code>yyyy-MM-dd</code>.
      </li>
      <li>
        Add <b>Get Contents of URL</b> with the address above. Method <b>PUT</b>; header{' '}
        <code>Authorization</code> = <code className="break-all">Bearer {shownToken}</code>; request
        body <b>JSON</b> with <code>steps</code> (Number: the first sum), <code>moveMinutes</code>{' '}
        (Number: the second sum), <code>source</code> (Text: <code>Apple Health</code>) and{' '}
        <code>date</code> (Text: the formatted date).
      </li>
      <li>
        Optional: a second automation at 11:30 PM, so the steps of a late walk still raise
        today&apos;s post.
      </li>
    </Recipe>
  );
}

/** Android: Tasker or HTTP Shortcuts reading Health Connect. */
function HealthConnectRecipe({ shownToken }: { shownToken: string }) {
  return (
    <Recipe title="Android: Tasker or HTTP Shortcuts, with Health Connect">
      <li>
        Let your step counter (Google Fit, Samsung Health, Fitbit…) write to <b>Health Connect</b>,
        and let Tasker read <b>Steps</b> and <b>Exercise</b> from it.
      </li>
      <li>
        In <b>Tasker</b>, make a <b>Time</b> profile for 9:00 PM. In its task, read today&apos;s
        steps and exercise minutes from Health Connect into <code>%steps</code> and{' '}
        <code>%minutes</code>, and today&apos;s date into <code>%date</code> (
        <code>yyyy-MM-dd</code>).
      </li>
      <li>
        Add <b>HTTP Request</b>: method <b>PUT</b>, the address above, header{' '}
        <code className="break-all">Authorization:Bearer {shownToken}</code>, body{' '}
        <code>
          {
            '{"steps": %steps, "moveMinutes": %minutes, "source": "Health Connect", "date": "%date"}'
          }
        </code>
        , content type <code>application/json</code>.
      </li>
      <li>
        Prefer <b>HTTP Shortcuts</b>? Make a shortcut with the same method, address, header and JSON
        body, using its variables for the numbers, and let Tasker or a home-screen tap run it.
      </li>
    </Recipe>
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
