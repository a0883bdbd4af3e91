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
        emptyText="No crews yet."
      />
      {rows.length > 0 && (
        <AdminTable label="Crews" columns={CREW_COLUMNS}>
          {rows.map((crew) => (
            <tr key={crew.id}>
              <Cell label="Name">{crew.name}</Cell>
              <Cell label="Owner">{crew.ownerName ?? '—'}</Cell>
              <Cell label="Members" className="tabular">
                {crew.memberCount}
              </Cell>
              <Cell label="Created" className="whitespace-nowrap">
                {formatDate(crew.createdAt)}
              </Cell>
              <Cell label="Cycle">
                <CrewCycleCell cycle={crew.cycle ?? null} />
              </Cell>
              <Cell label="Status">
                <Pill tone={crew.closedAt ? 'warn' : 'good'}>
                  {crew.closedAt ? 'Closed' : 'Open'}
                </Pill>
              </Cell>
              <Cell label="Actions">
                {!crew.closedAt && (
                  <ConfirmButton
                    size="sm"
                    variant="ghost"
                    className="text-danger"
                    title={`Close ${crew.name}`}
                    description="Every member leaves it and its crew posts become their authors' alone. This is recorded in the audit trail."
                    confirmLabel="Close crew"
                    onConfirm={async () => {
                      await close.mutateAsync(crew.id).catch(shownByMeta);
                    }}
                  >
                    Close
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
