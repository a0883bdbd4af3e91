// The operator's kit in deploy/ (decision 0087), checked with promtool (Debian's `prometheus` package):
// the alert rules parse and their unit tests pass, the Prometheus configuration parses, and every query
// of the Grafana dashboard is valid PromQL (each is checked as a recording rule).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const promtool = process.env.PROMTOOL ?? 'promtool';
const run = (...args) => execFileSync(promtool, args, { cwd: root, stdio: 'inherit' });

run('check', 'config', 'deploy/prometheus/prometheus.yml');
run('test', 'rules', 'deploy/prometheus/alerts.test.yml');

const dashboard = JSON.parse(
  readFileSync(path.join(root, 'deploy/grafana/stackdays.json'), 'utf8'),
);
const queries = dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr));
const rules = {
  groups: [
    {
      name: 'dashboard',
      rules: queries.map((expr, i) => ({ record: `dashboard:query_${i}`, expr })),
    },
  ],
};
const dir = mkdtempSync(path.join(tmpdir(), 'stackdays-dashboard-'));
try {
  // JSON is YAML: promtool reads it as it is.
  const file = path.join(dir, 'dashboard-rules.yml');
  writeFileSync(file, JSON.stringify(rules));
  run('check', 'rules', file);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(`monitoring kit: alert rules tested, ${queries.length} dashboard queries valid`);
