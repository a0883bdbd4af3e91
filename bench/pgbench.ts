/**
 * PostgreSQL's own pgbench in the bench (issue 48): TPC-B at scale 10 with 50 clients, on a database
 * of its own that the bench creates and drops, so check-in create's rate has a physical anchor: what
 * this machine's PostgreSQL commits per second of small write transactions. `npm run bench` prints
 * check-in create's requests/s as a share of it, alone and while the jobs send.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { quoteIdent, withDatabase } from './support';

export const PGBENCH_SCALE = 10;
export const PGBENCH_CLIENTS = 50;
const seconds = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);

/** check-in create's requests/s as a share of pgbench's tps, aimed at from issue 48 on. */
export const MIN_SHARE_OF_PGBENCH = 0.15;

export interface Pgbench {
  tps: number;
  /** pgbench's own mean latency per transaction, ms. */
  latencyMs: number;
  seconds: number;
}

/** BENCH_PGBENCH, pgbench on PATH, or the newest /usr/lib/postgresql/<n>/bin/pgbench. */
function pgbenchPath(): string | null {
  if (process.env.BENCH_PGBENCH) return process.env.BENCH_PGBENCH;
  if (spawnSync('pgbench', ['--version']).status === 0) return 'pgbench';
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(`${root}/${v}/bin/pgbench`))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? `${root}/${versions[0]}/bin/pgbench` : null;
}

/** tps and latency from pgbench's report. */
export function parsePgbench(output: string): { tps: number; latencyMs: number } | null {
  const tps = /^tps = ([\d.]+) \(without initial connection time\)/m.exec(output);
  const latency = /^latency average = ([\d.]+) ms/m.exec(output);
  if (!tps) return null;
  return { tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : NaN };
}

/**
 * Initialises `<template>_pgbench` at scale 10 on the server of `templateUrl`, runs TPC-B with 50
 * clients for BENCH_PGBENCH_SECONDS (10), drops the database, and answers the figures; null when
 * pgbench is not installed or failed (said on the console).
 */
export async function runPgbench(templateUrl: string): Promise<Pgbench | null> {
  const binary = pgbenchPath();
  if (!binary) {
    console.log('pgbench: not found (BENCH_PGBENCH=path sets it); no share of pgbench printed');
    return null;
  }
  const url = new URL(templateUrl);
  const name = `${url.pathname.slice(1)}_pgbench`;
  const admin = new pg.Client({ connectionString: withDatabase(templateUrl, 'postgres') });
  await admin.connect();
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  try {
    await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await admin.query(`create database ${quoteIdent(name)}`);
    const init = spawnSync(binary, ['-i', '-q', '-s', String(PGBENCH_SCALE), name], {
      env,
      encoding: 'utf8',
    });
    if (init.status !== 0) {
      console.log(`pgbench: initialising failed: ${init.stderr.trim().split('\n').pop()}`);
      return null;
    }
    const started = performance.now();
    const run = spawnSync(
      binary,
      ['-c', String(PGBENCH_CLIENTS), '-j', '2', '-T', String(seconds), name],
      { env, encoding: 'utf8' },
    );
    const elapsed = (performance.now() - started) / 1000;
    const parsed = parsePgbench(run.stdout ?? '');
    if (run.status !== 0 || !parsed) {
      console.log(`pgbench: the run failed: ${(run.stderr ?? '').trim().split('\n').pop()}`);
      return null;
    }
    console.log(
      `pgbench (TPC-B, scale ${PGBENCH_SCALE}, ${PGBENCH_CLIENTS} clients, ${seconds} s): ${parsed.tps.toFixed(0)} tps, latency average ${parsed.latencyMs.toFixed(1)} ms`,
    );
    return { ...parsed, seconds: elapsed };
  } finally {
    await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
    await admin.end();
  }
}

/** "21.3% of pgbench's 2,842 tps (aim >= 15%)", with the aim's verdict; '' without pgbench. */
export function shareOfPgbench(rps: number, pgbench: Pgbench | null): string {
  if (!pgbench) return '';
  const share = rps / pgbench.tps;
  return `${(share * 100).toFixed(1)}% of pgbench's ${pgbench.tps.toFixed(0)} tps (aim >= ${MIN_SHARE_OF_PGBENCH * 100}%: ${share >= MIN_SHARE_OF_PGBENCH ? 'met' : 'missed'})`;
}
