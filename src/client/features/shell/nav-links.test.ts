import { describe, expect, it } from 'vitest';
import { SHELL_LINKS, withinAlso } from './nav-links';

/** The sections lit in the tab bar for a screen reached from them. */
function litFor(pathname: string) {
  return SHELL_LINKS.filter((link) => withinAlso(link, pathname)).map((link) => link.label);
}

describe('the member area sections', () => {
  it('light Community for the crews and a crew, My Cycle for a weekly review', () => {
    expect(litFor('/app/crews')).toEqual(['Community']);
    expect(litFor('/app/crews/3f6c2d4e-0000-4000-8000-000000000000')).toEqual(['Community']);
    expect(litFor('/app/review')).toEqual(['My Cycle']);
    expect(litFor('/app/review/abc/3')).toEqual(['My Cycle']);
  });

  it('light nothing extra for a screen that only shares the start of a name', () => {
    expect(litFor('/app/crewsmith')).toEqual([]);
    expect(litFor('/app/settings')).toEqual([]);
  });
});
