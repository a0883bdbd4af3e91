import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '@shared/format';
import { msg } from '@shared/messages';
import { Button, buttonVariants } from '@client/components/ui/button';
import { useAdminReports } from '../api/get-reports';
import { useResolveReport } from '../api/resolve-report';
import { AdminTable, Cell, ListState, Pill } from './admin-table';
import { LoadMore, SearchBox, useDebouncedValue } from './list-controls';
import { HidePostButton } from './posts-screen';
import { shownByMeta } from '@client/lib/query-client';
import { pagePath } from '@shared/pages';

/** Reports, newest first, each with its post's Hide at hand and a link to it in Posts. */
export function ReportsScreen() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const reports = useAdminReports(q);
  const resolve = useResolveReport();
  const rows = reports.data?.pages.flatMap((page) => page.reports) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <SearchBox value={search} onChange={setSearch} label={msg.searchReports} />
      <ListState
        isLoading={reports.isLoading}
        error={reports.error}
        empty={rows.length === 0}
        errorText={msg.fetchReportsFailed}
        emptyText={q ? msg.noMatches : msg.noReportsFound}
      />
      {rows.length > 0 && (
        <AdminTable
          label={msg.adminReportsScreen.reports}
          columns={['Reason', 'Reporter', 'Status', 'Reported', 'Post', 'Actions']}
        >
          {rows.map((report) => (
            <tr key={report.id}>
              <Cell label={msg.common.reason} className="max-w-xs">
                {report.reason?.trim() || msg.noReasonProvided}
              </Cell>
              <Cell label={msg.adminReportsScreen.reporter}>
                {report.reporterName || msg.unknownReporter}
              </Cell>
              <Cell label={msg.common.status}>
                <Pill tone={report.status === 'resolved' ? 'good' : 'warn'}>{report.status}</Pill>
              </Cell>
              <Cell label={msg.adminReportsScreen.reported} className="whitespace-nowrap">
                {formatDateTime(report.createdAt)}
              </Cell>
              <Cell label={msg.adminReportsScreen.post}>
                {report.postId ? (
                  <div className="flex flex-wrap items-center gap-1">
                    <Link
                      to={pagePath('app-admin-posts', {
                        search: { post: report.postId },
                        hash: `post-${report.postId}`,
                      })}
                      className={buttonVariants({ variant: 'link', size: 'sm' })}
                    >
                      {msg.adminReportsScreen.openPost}
                    </Link>
                    <HidePostButton postId={report.postId} isHidden={report.postHidden ?? false} />
                  </div>
                ) : (
                  msg.notAvailable
                )}
              </Cell>
              <Cell label={msg.common.actions}>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={report.status === 'resolved' || resolve.isPending}
                  onClick={async () => {
                    await resolve.mutateAsync(report.id).catch(shownByMeta);
                  }}
                >
                  {msg.markResolved}
                </Button>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )}
      <LoadMore list={reports} />
    </div>
  );
}
