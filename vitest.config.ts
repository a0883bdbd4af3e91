import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one file at a time on two cores (cores - 1). The files wait on their
    // databases and servers about as much as they compute, so two run at once; VITEST_MAX_WORKERS
    // changes it (the PostgreSQL run, `npm run test:db`, sets three: its work is mostly the server's).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 2),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ['./tests/setup/fail-on-console-error.ts'],
  },
});
