import {
  CLIENT_REPORTS_PER_WINDOW,
  CLIENT_REPORT_WINDOW_SECONDS,
  type ClientReport,
} from '@shared/client-report';
import type { ServiceContext } from '../../lib/context';
import { clientErrors, clientReports, clientVitals } from '../../lib/metrics';
import { enforce } from '../../lib/rate-limit';

/**
 * A browser's report of one page view (decision 0040): counted against its address's allowance, then
 * observed in the Prometheus histograms and counters and written to the log. Anyone may send one (a
 * visitor's page view counts as much as a member's); nothing in it names who sent it, and the log line
 * holds only what the metrics hold.
 */
export async function recordClientReport(ctx: ServiceContext, report: ClientReport) {
  await enforce(ctx.db, [
    {
      key: `client-report:ip:${ctx.ip ?? 'unknown'}`,
      max: CLIENT_REPORTS_PER_WINDOW,
      windowSeconds: CLIENT_REPORT_WINDOW_SECONDS,
    },
  ]);
  clientReports.inc({ screen: report.screen });
  for (const vital of report.vitals) {
    // LCP and INP arrive in milliseconds and are kept in seconds, as Prometheus names them; CLS has no unit.
    const value = vital.name === 'CLS' ? vital.value : vital.value / 1000;
    clientVitals.observe({ metric: vital.name, screen: report.screen }, value);
  }
  if (report.errors > 0) clientErrors.inc({ screen: report.screen }, report.errors);
  ctx.logger.info(
    {
      requestId: ctx.requestId,
      screen: report.screen,
      vitals: report.vitals,
      errors: report.errors,
    },
    'client report',
  );
}
