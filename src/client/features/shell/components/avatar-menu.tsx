import { Link } from 'react-router';
import { LogOut, Settings, ShieldCheck, UserRound, Users } from 'lucide-react';
import { avatarInitial } from '@shared/domain/display';
import { msg } from '@shared/messages';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@client/components/ui/dropdown-menu';
import { MemberAvatar } from '@client/components/ui/member-avatar';
import { pagePath } from '@shared/pages';

export interface ShellUser {
  displayName: string | null;
  email: string;
  isAdmin: boolean;
  /** Shown in the menu button the moment the profile saves a new one. */
  avatarUrl?: string | null;
}

export function AvatarMenu({ user, onSignOut }: { user: ShellUser; onSignOut: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label={msg.avatarMenu.accountMenu}
        className="flex size-11 shrink-0 items-center justify-center rounded-full border border-border bg-muted text-base font-bold text-foreground transition-colors hover:bg-secondary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background data-[state=open]:ring-2 data-[state=open]:ring-ring"
      >
        {user.avatarUrl ? (
          <MemberAvatar
            name={user.displayName}
            src={user.avatarUrl}
            className="size-full border-0 text-base"
          />
        ) : (
          <span aria-hidden>{avatarInitial(user.displayName)}</span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold text-foreground">
            {user.displayName || user.email}
          </span>
          <span className="block truncate text-xs">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={pagePath('app-profile')}>
            <UserRound aria-hidden className="size-4" />
            {msg.profileTab}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={pagePath('app-crews')}>
            <Users aria-hidden className="size-4" />
            {msg.crews}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={pagePath('app-settings')}>
            <Settings aria-hidden className="size-4" />
            {msg.settingsTab}
          </Link>
        </DropdownMenuItem>
        {user.isAdmin && (
          <DropdownMenuItem asChild>
            <Link to={pagePath('app-admin-users')}>
              <ShieldCheck aria-hidden className="size-4" />
              {msg.adminPanel}
            </Link>
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden className="size-4" />
          {msg.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
