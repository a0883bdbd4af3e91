import pino from 'pino';
import type { Config } from './config';

export type Logger = pino.Logger;

/** Whether to print readable lines: LOG_FORMAT=pretty, or `auto` on a terminal. */
export function usePrettyLogs(
  format: Config['logFormat'] = 'auto',
  isTty = Boolean(process.stdout.isTTY),
): boolean {
  return format === 'pretty' || (format === 'auto' && isTty);
}

/**
 * One JSON object per line for machines (decision 0078): a container, systemd or a log shipper has no
 * terminal, so `auto` writes JSON there, and LOG_FORMAT=json forces it. In a terminal, readable lines
 * through pino-pretty (so a newcomer can read their sign-in code in the log when no mail server is
 * configured). Request lines and service logs carry `requestId`.
 */
export function createLogger(
  config: Pick<Config, 'logLevel'> & Partial<Pick<Config, 'logFormat'>>,
  pretty = usePrettyLogs(config.logFormat),
): Logger {
  return pino({
    level: config.logLevel,
    base: { service: 'stackdays' },
    transport: pretty
      ? {
          target: 'pino-pretty',
          options: { colorize: true, ignore: 'pid,hostname,service', singleLine: false },
        }
      : undefined,
  });
}
