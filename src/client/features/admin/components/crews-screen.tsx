import type { AdminCrewCycleView } from '@shared/api-types';
import { formatDate } from '@shared/format';
import { msg } from '@shared/messages';
import { errorMessage } from '@client/lib/api-client';
import { useAdminCrews } from '../api/get-crews';
import { useCloseCrewAsAdmin } from '../api/close-crew';
import { AdminTable, Cell, ListState, Pill } from './admin-table';
import { ConfirmButton } from './confirm-button';
import { LoadMore } from './list-controls';
import { shownByMeta } from '@client/lib/query-client';

const CREW_COLUMNS = ['Name', 'Owner', 'Members', 'Created', 'Cycle', 'Status', 'Actions'];

/**
 * The admin's Crews screen (issue 30): name, owner, members, created, its scheduled or running cycle
 * (issue 44); close a crew (audited).
 */
export function CrewsAdminScreen() {
  const crews = useAdminCrews();
  const close = useCloseCrewAsAdmin();
  const rows = crews.data?.pages.flatMap((page) => page.crews) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <ListState
        isLoading={crews.isLoading}
        error={crews.error}
        empty={rows.length === 0}
        errorText={errorMessage(crews.error, msg.unexpectedError)}
        emptyText={msg.adminCrewsScreenScreen.noCrewsYet}
      />
      {rows.length > 0 && (
        <AdminTable label={msg.crews} columns={CREW_COLUMNS}>
          {rows.map((crew) => (
            <tr key={crew.id}>
              <Cell label={msg.common.name}>{crew.name}</Cell>
              <Cell label={msg.common.owner}>{crew.ownerName ?? '—'}</Cell>
              <Cell label={msg.common.members} className="tabular">
                {crew.memberCount}
              </Cell>
              <Cell label={msg.common.created} className="whitespace-nowrap">
                {formatDate(crew.createdAt)}
              </Cell>
              <Cell label={msg.adminCycleColumn}>
                <CrewCycleCell cycle={crew.cycle ?? null} />
              </Cell>
              <Cell label={msg.common.status}>
                <Pill tone={crew.closedAt ? 'warn' : 'good'}>
                  {crew.closedAt ? msg.adminCrewsScreen.closed : msg.adminCrewsScreen.open}
                </Pill>
              </Cell>
              <Cell label={msg.common.actions}>
                {!crew.closedAt && (
                  <ConfirmButton
                    size="sm"
                    variant="ghost"
                    className="text-danger"
                    title={msg.adminCrewsScreen.closeCrew(crew.name)}
                    description={msg.adminCrewsScreenScreen.everyMemberLeavesItAnd}
                    confirmLabel={msg.crewClose}
                    onConfirm={async () => {
                      await close.mutateAsync(crew.id).catch(shownByMeta);
                    }}
                  >
                    {msg.common.close}
                  </ConfirmButton>
                )}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <LoadMore list={crews} />
    </div>
  );
}

/** A crew's scheduled or running cycle: its start, mode and how many members it holds. */
function CrewCycleCell({ cycle }: { cycle: AdminCrewCycleView | null }) {
  if (!cycle) return <span className="text-muted-foreground">—</span>;
  const mode = cycle.mode === 'strict' ? msg.streakModeStrict : msg.streakModeForgiving;
  const date = formatDate(cycle.startDate);
  return (
    <span className="text-sm">
      {cycle.state === 'running'
        ? msg.adminCrewCycleRunning(date, mode, cycle.members)
        : msg.adminCrewCycleScheduled(date, mode)}
    </span>
  );
}
