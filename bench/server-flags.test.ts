import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, serverNodeFlags } from './support';

describe('the node flags the server runs with (decision 0112)', () => {
  it('are the same in npm start, the image and the bench', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-old-space-size=1024');
    const dockerfile = readFileSync(new URL('../Dockerfile', import.meta.url), 'utf8');
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd![1])).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/server/index.mjs']);
  });

  it('are read from the start script', () => {
    expect(serverNodeFlags('node a.mjs && node --x=1 --y dist/server/index.mjs')).toEqual([
      '--x=1',
      '--y',
    ]);
    expect(serverNodeFlags('node dist/server/index.mjs')).toEqual([]);
  });
});
