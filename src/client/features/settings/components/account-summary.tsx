import { UserRound } from 'lucide-react';
import { formatDate } from '@shared/format';
import { useMemberTimeZone } from '@client/lib/member-time-zone';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { msg } from '@shared/messages';

/** /app/settings: the account's e-mail and the day it was created. */
export function AccountSummary({ email, memberSince }: { email: string; memberSince: string }) {
  const timeZone = useMemberTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <UserRound aria-hidden className="size-5 text-accent-text" />
          {msg.accountSummary.account}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1">
            <dt className="text-sm text-muted-foreground">{msg.common.email}</dt>
            <dd className="truncate font-medium">{email}</dd>
          </div>
          <div className="flex flex-col gap-1">
            <dt className="text-sm text-muted-foreground">{msg.accountSummary.memberSince}</dt>
            <dd className="font-medium">
              <time dateTime={memberSince}>{formatDate(memberSince, timeZone)}</time>
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
