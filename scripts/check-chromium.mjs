// Browser tests need a Chromium on this machine; say how to get one instead of passing silently.
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.error(
    `Chromium was not found at ${path}.\n` +
      'Install it with: sudo apt-get update && sudo apt-get install -y chromium\n' +
      '(or set CHROMIUM_PATH to a Chromium or Chrome binary).',
  );
  process.exit(1);
}
