// Imported first by main.tsx, before any schema parses: zod's speed-up probe calls new Function,
// which the Content-Security-Policy refuses (and reports as a violation); parse without it. Only
// zod's tiny core config is here, so the entry script does not carry the whole of zod.
import { config } from 'zod/v4/core';

config({ jitless: true });
