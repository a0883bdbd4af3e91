import { describe, expect, it } from 'vitest';
import { audienceLabel } from './audience';

describe('audienceLabel', () => {
  it('names every audience as the author sees it on the card', () => {
    expect(audienceLabel({ kind: 'community' })).toBe('Community');
    expect(audienceLabel({ kind: 'crew', crewId: 'c', crewName: 'Morning Crew' })).toBe(
      'Morning Crew',
    );
    expect(audienceLabel({ kind: 'only_me' })).toBe('Only me');
  });

  it('says which crew an only-me post came from, and whether it closed', () => {
    expect(
      audienceLabel({ kind: 'only_me', leftCrew: { crewName: 'Morning Crew', closed: false } }),
    ).toBe('Only me · no longer in Morning Crew');
    expect(
      audienceLabel({ kind: 'only_me', leftCrew: { crewName: 'Morning Crew', closed: true } }),
    ).toBe('Only me · Morning Crew closed');
  });
});
