import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminUserView, AdminUsersPage, MemberCycleLine } from '@shared/api-types';
import { StrictTag } from '@client/components/strict-tag';
import { msg } from '@shared/messages';
import { formatDate } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { useAdminUsers } from '../api/get-users';
import { useMemberLines } from '../api/get-member-lines';
import { useDeleteUser } from '../api/delete-user';
import { useResendInvite } from '../api/resend-invite';
import { useResetCycle } from '../api/reset-cycle';
import { useSetAdmin } from '../api/set-admin';
import { AdminTable, Cell, ListState, Pill } from './admin-table';
import { ConfirmButton } from './confirm-button';
import { AddUserDialog } from './add-user-dialog';
import { LoadMore, SearchBox, useDebouncedValue } from './list-controls';
import { shownByMeta } from '@client/lib/query-client';

/** What an admin can do to one member: admin status, invite, cycle reset, deletion. */
function UserActions({ user, selfId }: { user: AdminUserView; selfId: string }) {
  const setAdmin = useSetAdmin();
  const resend = useResendInvite();
  const reset = useResetCycle();
  const remove = useDeleteUser();
  const name = user.displayName;
  return (
    <div className="flex flex-wrap gap-1">
      <Button
        size="sm"
        variant="secondary"
        disabled={setAdmin.isPending || (user.isAdmin && user.id === selfId)}
        onClick={async () => {
          await setAdmin
            .mutateAsync({ userId: user.id, isAdmin: !user.isAdmin })
            .then(
              () => toast.success(user.isAdmin ? msg.adminStatusRevoked : msg.adminStatusGranted),
              shownByMeta,
            );
        }}
      >
        {user.isAdmin ? msg.revokeAdmin : msg.grantAdmin}
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={!user.email || resend.isPending}
        onClick={async () => {
          await resend.mutateAsync(user.id).catch(shownByMeta);
        }}
      >
        {msg.adminUsersScreen.resendInvite}
      </Button>
      <ConfirmButton
        size="sm"
        variant="ghost"
        title={msg.adminUsersScreen.resetCycle}
        description={msg.resetUserCycleConfirm(name)}
        confirmLabel={msg.adminUsersScreen.resetCycle}
        onConfirm={async () => {
          await reset.mutateAsync(user.id).then(
            (result) =>
              // Today already checked in: the new cycle starts tomorrow, and the toast says so.
              toast.success(msg.cycleResetFor(result.displayName ?? name), {
                description: result.started
                  ? undefined
                  : msg.cycleResetStartsTomorrow(result.displayName ?? name),
              }),
            shownByMeta,
          );
        }}
      >
        {msg.adminUsersScreen.resetCycle}
      </ConfirmButton>
      <ConfirmButton
        size="sm"
        variant="ghost"
        className="text-danger"
        disabled={user.id === selfId}
        title={msg.adminUsersScreen.deleteUser}
        description={msg.deleteUserConfirm(name)}
        confirmLabel={msg.common.delete}
        onConfirm={async () => {
          await remove.mutateAsync(user.id).catch(shownByMeta);
        }}
      >
        {msg.common.delete}
      </ConfirmButton>
    </div>
  );
}

/** What the page knows of a member's cycle line: the line (null: no cycle), or that it is loading or failed. */
type LineState = { line: MemberCycleLine | null } | 'loading' | 'failed';

/** The member's cycle by the streak rule (issue 43): day, streak, and whether paused, at risk, strict. */
function CycleLine({ state }: { state: LineState }) {
  if (state === 'loading')
    return <span className="text-muted-foreground">{msg.adminCycleLineLoading}</span>;
  if (state === 'failed')
    return <span className="text-muted-foreground">{msg.adminCycleLineFailed}</span>;
  const cycle = state.line;
  if (!cycle) return <span className="text-muted-foreground">{msg.adminNoCycle}</span>;
  const day = cycle.started ? msg.adminCycleLine(cycle.day, cycle.streak) : msg.startsTomorrow;
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="tabular">{day}</span>
      {cycle.paused && <Pill tone="neutral">{msg.adminCyclePaused}</Pill>}
      {cycle.atRisk && <Pill tone="neutral">{msg.adminCycleAtRisk}</Pill>}
      {cycle.mode === 'strict' && <StrictTag />}
    </span>
  );
}

function UserRow({ user, line, selfId }: { user: AdminUserView; line: LineState; selfId: string }) {
  const name = user.displayName;
  return (
    <tr>
      <Cell label={msg.common.name} className="font-medium md:whitespace-nowrap">
        {name || msg.noName}
      </Cell>
      <Cell label={msg.common.email}>{user.email || msg.notAvailable}</Cell>
      <Cell label={msg.common.role}>
        <Pill tone={user.isAdmin ? 'accent' : 'neutral'}>
          {user.isAdmin ? msg.adminRole : msg.userRole}
        </Pill>
      </Cell>
      <Cell label={msg.adminUsersScreen.joined} className="whitespace-nowrap">
        {formatDate(user.createdAt)}
      </Cell>
      <Cell label={msg.adminCycleColumn} className="md:whitespace-nowrap">
        <CycleLine state={line} />
      </Cell>
      <Cell label={msg.common.actions}>
        <UserActions user={user} selfId={selfId} />
      </Cell>
    </tr>
  );
}

/** One server page of Users, with its members' cycle lines read after it (decision 0132). */
function UsersPageRows({ page, selfId }: { page: AdminUsersPage; selfId: string }) {
  const lines = useMemberLines(page.users.map((u) => u.id));
  const lineOf = (id: string): LineState =>
    lines.data?.has(id)
      ? { line: lines.data.get(id) ?? null }
      : lines.isError
        ? 'failed'
        : 'loading';
  return page.users.map((user) => (
    <UserRow key={user.id} user={user} line={lineOf(user.id)} selfId={selfId} />
  ));
}

/** Users: search by the start of a name or e-mail, newest first, 25 at a time from the server. */
export function UsersScreen({ selfId }: { selfId: string }) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const users = useAdminUsers(q);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox
          value={search}
          onChange={setSearch}
          label={msg.adminUsersScreen.searchByNameOrE}
        />
        <AddUserDialog />
      </div>
      <ListState
        isLoading={users.isLoading}
        error={users.error}
        empty={rows.length === 0}
        errorText={msg.fetchUsersFailed}
        emptyText={msg.noUsersFound}
      />
      {rows.length > 0 && (
        <AdminTable
          label={msg.adminUsersScreen.users}
          columns={['Name', 'Email', 'Role', 'Joined', msg.adminCycleColumn, 'Actions']}
        >
          {/* Keyed by place, so a member's row (and a dialog open on it) outlives a refetch of
              the list, as when the search's answer lands after Reset cycle was pressed. */}
          {users.data?.pages.map((page, i) => (
            <UsersPageRows key={i} page={page} selfId={selfId} />
          ))}
        </AdminTable>
      )}
      <LoadMore list={users} />
    </div>
  );
}
