import pino from 'pino';
import type { Config } from '../env';

export type Logger = pino.Logger;

/**
 * JSON lines for machines; in a terminal, readable lines (so a newcomer can read their sign-in code
 * in the log when no mail server is configured).
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  pretty = Boolean(process.stdout.isTTY),
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
