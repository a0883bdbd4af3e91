import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { loadConfig } from './env';
import { LocalMediaStorage } from './lib/storage';
import { resolveAuthSecret } from './services';

const mode = (p: string) => statSync(p).mode & 0o777;

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(path.join(tmpdir(), 'stackdays-datadir-'));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

// Members' data, media and the auth secret: other users of the machine must not read them.
describe.skipIf(process.platform === 'win32')(
  'a new DATA_DIR is readable by its owner only',
  () => {
    it('when the embedded database creates it', async () => {
      const dataDir = path.join(parent, 'data');
      const database = await openDatabase({ driver: 'pglite', dataDir });
      try {
        expect(mode(dataDir)).toBe(0o700);
        expect(mode(path.join(dataDir, 'pglite'))).toBe(0o700);
      } finally {
        await database.close();
      }
    });

    it('when the generated auth secret creates it', () => {
      const dataDir = path.join(parent, 'data');
      const config = loadConfig({ DATA_DIR: dataDir });
      resolveAuthSecret(config, pino({ level: 'silent' }));
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'auth-secret'))).toBe(0o600);
    });

    it('when local media storage creates it', async () => {
      const dataDir = path.join(parent, 'data');
      const storage = new LocalMediaStorage(path.join(dataDir, 'media'));
      await storage.put('u/7/p/a.jpg', new Uint8Array([0xff, 0xd8, 0xff]), {
        contentType: 'image/jpeg',
      });
      for (const dir of [
        dataDir,
        path.join(dataDir, 'media'),
        path.join(dataDir, 'media', 'u', '7'),
      ])
        expect(mode(dir), dir).toBe(0o700);
    });
  },
);
