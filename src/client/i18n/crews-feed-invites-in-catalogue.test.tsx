// Issue 47: the crew screens, the activity chart, a post's numbers and the invite pages say only what
// the catalogue says. Rendered with a pseudo catalogue (every vowel of every message accented,
// placeholders kept), no plain English word is left: one written in the component would still read
// as English. The same check as screens-in-catalogue.test.tsx, for the screens these files draw.
import { describe, expect, it } from 'vitest';
import type { CrewBoardEntry, CrewDetail, MyCrews, MyCycleView } from '@shared/api-types';
import { queryKeys } from '@client/lib/query-keys';
import { englishWords, speakPseudoCatalogue, textOf } from '@client/testing/pseudo-catalogue';
import { Board } from '@client/features/crews/components/crew-board';
import { CrewScreen } from '@client/features/crews/components/crew-screen';
import { CrewsScreen } from '@client/features/crews/components/crews-screen';
import { ActivityChart } from '@client/features/cycle/components/activity-chart';
import { PostStats } from '@client/features/feed/components/post-stats';
import { InviteApplied } from '@client/features/invites/components/invite-applied';
import { InviteBuddiesDialog } from '@client/features/invites/components/invite-buddies-dialog';
import { InviteLanding } from '@client/features/invites/components/invite-landing';

speakPseudoCatalogue();

const NAMES = ['Maya', 'Tomo', 'Sam', 'Dawn', 'Crew'];

const member = (over: Partial<CrewBoardEntry>): CrewBoardEntry => ({
  userId: 'u1',
  displayName: 'Tomo',
  avatarUrl: null,
  isOwner: false,
  isMe: false,
  currentDay: 12,
  started: true,
  today: 'open',
  checkedInToday: false,
  streak: 4,
  consistency: 80,
  nudgedToday: false,
  ...over,
});

const crew = {
  id: 'k1',
  name: 'Dawn Crew',
  ownerId: 'u1',
  ownerName: 'Tomo',
  isOwner: false,
  memberCount: 3,
  createdAt: '2026-11-01T00:00:00Z',
};

const detail: CrewDetail = {
  crew,
  maxMembers: 20,
  board: [
    member({ userId: 'u1', isOwner: true, isMe: true, today: 'checked-in' }),
    member({ userId: 'u2', displayName: 'Maya', nudgedToday: true }),
    member({ userId: 'u3', displayName: 'Sam', currentDay: null }),
  ],
  invite: null,
};

describe('crew, chart, post and invite screens in another language', () => {
  it("a crew's board says nothing in English, for its owner either", () => {
    const owned = { ...detail, crew: { ...crew, isOwner: true } };
    expect(englishWords(textOf(<Board detail={owned} viewerId="u1" />), NAMES)).toEqual([]);
  });

  it("a crew's page and the list of crews say nothing in English", () => {
    const page = textOf(<CrewScreen crewId="k1" viewerId="u1" renderPost={() => null} />, {
      data: [
        [queryKeys.crews.one('k1'), detail],
        [
          queryKeys.crews.feed('k1'),
          { pages: [{ posts: [], nextCursor: null }], pageParams: [null] },
        ],
      ],
    });
    expect(englishWords(page, NAMES)).toEqual([]);
    const mine: MyCrews = { crews: [crew, { ...crew, id: 'k2', ownerName: null }], maxCrews: 5 };
    expect(
      englishWords(textOf(<CrewsScreen />, { data: [[queryKeys.crews.mine, mine]] }), NAMES),
    ).toEqual([]);
  });

  it('the activity chart, its summary and its table say nothing in English', () => {
    const days: MyCycleView['days'] = [
      { day: 1, date: '2026-11-01', status: 'done', movedMinutes: 30, steps: 8000 },
      { day: 2, date: '2026-11-02', status: 'missed', movedMinutes: 0, steps: 0 },
      { day: 3, date: '2026-11-03', status: 'today', movedMinutes: 0, steps: 0 },
      { day: 4, date: '2026-11-04', status: 'upcoming', movedMinutes: 0, steps: 0 },
    ];
    // 'Nov': the table's dates come from Intl, in German here ('1. Nov.').
    expect(englishWords(textOf(<ActivityChart days={days} currentDay={3} />), ['Nov'])).toEqual([]);
    const empty = days.map((d) => ({ ...d, movedMinutes: 0 }));
    expect(englishWords(textOf(<ActivityChart days={empty} currentDay={3} />), ['Nov'])).toEqual(
      [],
    );
  });

  it("a post's numbers say nothing in English", () => {
    const stats = { movedMinutes: 30, steps: 8000, cumulativeMinutes: 300, cumulativeSteps: 90000 };
    expect(
      englishWords(textOf(<PostStats dayStats={stats} weightChangeKg={-1.5} unitPref="metric" />)),
    ).toEqual([]);
  });

  it('the invite page, the free month on pricing and the invite button say nothing in English', () => {
    const token = 'a'.repeat(32);
    const invite = { ok: true, inviterName: 'Maya', monthsFree: 2, reason: null };
    const data: [readonly unknown[], unknown][] = [[queryKeys.invites.check(token), invite]];
    // The page's frame: the product's name and the language menu, each language in its own words.
    const frame = [...NAMES, 'StackDays', 'English', 'Español', 'Deutsch'];
    expect(englishWords(textOf(<InviteLanding token={token} />, { data }), frame)).toEqual([]);
    expect(englishWords(textOf(<InviteApplied token={token} />, { data }), NAMES)).toEqual([]);
    expect(englishWords(textOf(<InviteBuddiesDialog />))).toEqual([]);
  });
});
