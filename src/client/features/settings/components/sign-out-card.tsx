import { LogOut } from 'lucide-react';
import { msg } from '@shared/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';

/** Sign out, at the end of the settings. The route passes what signing out does. */
export function SignOutCard({ onSignOut, pending }: { onSignOut: () => void; pending: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-5">
        <p className="text-sm text-muted-foreground">{msg.signOutCard.doneForTodayYourStreak}</p>
        <Button type="button" variant="secondary" disabled={pending} onClick={onSignOut}>
          <LogOut aria-hidden className="size-4" />
          {msg.signOut}
        </Button>
      </CardContent>
    </Card>
  );
}
