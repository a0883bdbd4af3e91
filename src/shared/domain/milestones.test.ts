import { describe, it, expect } from 'vitest';
import { milestoneState, milestones, nextMilestone } from './milestones';

describe('milestoneState', () => {
  it('is achieved on and after the milestone day', () => {
    expect(milestoneState(21, 21)).toBe('achieved');
    expect(milestoneState(30, 21)).toBe('achieved');
  });

  it('is coming up in the 7 days before it', () => {
    expect(milestoneState(20, 21)).toBe('coming_up');
    expect(milestoneState(14, 21)).toBe('coming_up');
  });

  it('is locked further out', () => {
    expect(milestoneState(13, 21)).toBe('locked');
    expect(milestoneState(1, 90)).toBe('locked');
  });
});

describe('milestones', () => {
  it('lists every milestone with its state and badge', () => {
    expect(milestones(40)).toEqual([
      { day: 7, badgeCode: 'starter_7', state: 'achieved' },
      { day: 21, badgeCode: 'momentum_21', state: 'achieved' },
      { day: 45, badgeCode: 'middle_45', state: 'coming_up' },
      { day: 60, badgeCode: 'relentless_60', state: 'locked' },
      { day: 90, badgeCode: 'finisher_90', state: 'locked' },
    ]);
  });

  it('shows the first milestone coming up on day 1', () => {
    expect(milestones(1)[0]?.state).toBe('coming_up');
  });
});

describe('nextMilestone', () => {
  it('is the first one not yet achieved', () => {
    expect(nextMilestone(7)?.day).toBe(21);
    expect(nextMilestone(89)?.day).toBe(90);
    expect(nextMilestone(90)).toBeNull();
  });
});
