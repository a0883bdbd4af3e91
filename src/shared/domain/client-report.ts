// The schema of a browser's report (decision 0040); the plain rules are in @shared/client-report, which
// the page's first script imports without zod.

import { z } from 'zod';
import {
  CLIENT_REPORT_MAX_ERRORS,
  CLIENT_VITALS,
  REPORTED_SCREENS,
  type ClientReport,
} from '@shared/client-report';

export const clientReportSchema: z.ZodType<ClientReport> = z
  .object({
    screen: z.enum(REPORTED_SCREENS),
    vitals: z
      .array(
        z
          .object({
            name: z.enum(CLIENT_VITALS),
            // Ten minutes bounds any real LCP or INP; CLS is far below it.
            value: z.number().finite().min(0).max(600_000),
          })
          .strict(),
      )
      .max(CLIENT_VITALS.length),
    errors: z.number().int().min(0).max(CLIENT_REPORT_MAX_ERRORS),
  })
  .strict();
