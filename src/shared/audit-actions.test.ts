import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit-actions';

describe('AUDIT_ACTIONS', () => {
  it('names each action once, as area.verb', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const action of AUDIT_ACTIONS) expect(action).toMatch(/^[a-z]+\.[a-z_]+$/);
  });
});
