import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CrewBoardEntry, CrewDetail, CycleView, LeaderboardEntry } from '@shared/api-types';
import { CycleProgress } from '@client/features/checkin/components/cycle-progress';
import { Leaderboard } from '@client/features/community/components/leaderboard';
import { Board } from '@client/features/crews/components/crew-board';
import { DayHero } from '@client/features/cycle/components/day-hero';
import { StatCards } from '@client/features/cycle/components/stat-cards';

// Issue 41, item 12: a new cycle started on a day already checked in begins tomorrow (decision
// 0032). Every screen that shows the cycle's day says "Starts tomorrow" instead of "Day 1".

const cycle = (started: boolean, day = 1): CycleView => ({
  id: 'c1',
  startDate: '2026-11-30',
  today: '2026-11-29',
  day,
  totalDays: 90,
  timeZone: 'UTC',
  complete: false,
  started,
  mode: 'forgiving',
  modeChangeableUntil: '2026-12-02',
  lastDate: '2027-02-27',
  pausedDates: [],
  paused: false,
  pause: null,
  streak: 0,
  atRisk: false,
});

/** The text a person reads, tags stripped. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const stats = {
  checkins: 0,
  consistency: 0,
  currentStreak: 0,
  longestStreak: 0,
  totalMinutes: 0,
  totalSteps: 0,
};

const entry = (started: boolean): LeaderboardEntry => ({
  userId: 'u1',
  displayName: 'Tomo',
  avatarUrl: null,
  checkins: 0,
  currentDay: 1,
  started,
  consistency: 0,
  streak: 0,
  longestStreak: 0,
});

function crewBoard(started: boolean) {
  const line: CrewBoardEntry = {
    userId: 'u1',
    displayName: 'Tomo',
    avatarUrl: null,
    isOwner: true,
    isMe: true,
    currentDay: 1,
    started,
    today: 'checked-in',
    checkedInToday: true,
    streak: 0,
    consistency: 0,
    nudgedToday: false,
  };
  const detail = {
    crew: { id: 'k1', name: 'Dawn Crew', isOwner: true },
    maxMembers: 20,
    board: [line],
    invite: null,
  } as unknown as CrewDetail;
  return text(
    renderToStaticMarkup(
      <QueryClientProvider client={new QueryClient()}>
        <Board detail={detail} viewerId="u1" />
      </QueryClientProvider>,
    ),
  );
}

describe('a cycle that starts tomorrow (issue 41 item 12)', () => {
  it('home: the heading says Starts tomorrow, not Day 1', () => {
    const html = renderToStaticMarkup(<CycleProgress cycle={cycle(false)} />);
    expect(html).toMatch(/<h1[^>]*>Starts tomorrow<\/h1>/);
    expect(text(html)).not.toContain('Day 1');
    expect(text(html)).toContain('0/90 days');
    // A cycle under way still reads its day.
    expect(renderToStaticMarkup(<CycleProgress cycle={cycle(true, 12)} />)).toMatch(
      /<h1[^>]*>Day 12<\/h1>/,
    );
  });

  it('My Cycle: the hero and the check-in count say Starts tomorrow, the bar is at 0', () => {
    const hero = renderToStaticMarkup(<DayHero cycle={cycle(false)} />);
    expect(text(hero)).toContain('Starts tomorrow');
    expect(text(hero)).not.toContain('/ 90');
    expect(hero).toContain('aria-valuenow="0"');
    expect(hero).toContain('aria-valuetext="Starts tomorrow"');
    const cards = text(
      renderToStaticMarkup(
        <StatCards
          stats={stats}
          day={1}
          started={false}
          weight={{ changeKg: null, shared: false }}
          unitPref="metric"
        />,
      ),
    );
    expect(cards).toContain('Starts tomorrow');
    expect(cards).not.toContain('of 1 day so far');
    const under = text(
      renderToStaticMarkup(
        <StatCards
          stats={stats}
          day={3}
          started
          weight={{ changeKg: null, shared: false }}
          unitPref="metric"
        />,
      ),
    );
    expect(under).toContain('of 3 days so far');
  });

  it('the leaderboard: Starts tomorrow in the Day column and on the phone line', () => {
    const board = text(
      renderToStaticMarkup(<Leaderboard entries={[entry(false)]} viewerId="u2" />),
    );
    expect(board.match(/Starts tomorrow/g)).toHaveLength(2);
    expect(board).not.toContain('Day 1');
    const started = text(
      renderToStaticMarkup(<Leaderboard entries={[entry(true)]} viewerId="u2" />),
    );
    expect(started).toContain('Day 1');
    expect(started).not.toContain('Starts tomorrow');
  });

  it('the crew board: Starts tomorrow in place of Day 1', () => {
    expect(crewBoard(false)).toContain('Starts tomorrow');
    expect(crewBoard(false)).not.toContain('Day 1');
    expect(crewBoard(true)).toContain('Day 1');
  });
});
