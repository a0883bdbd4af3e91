import { describe, it, expect } from 'vitest';
import { msg } from './messages';

describe('parameterised messages', () => {
  it('pluralise counts', () => {
    expect(msg.recentPosts(1)).toBe('1 recent post');
    expect(msg.recentPosts(3)).toBe('3 recent posts');
    expect(msg.trialDaysLeft(1)).toBe('1 day left in your trial');
    expect(msg.trialDaysLeft(12)).toBe('12 days left in your trial');
    expect(msg.couponsTotal(0)).toBe('0 coupons total');
    expect(msg.couponsTotal(1)).toBe('1 coupon total');
    expect(msg.viewUpdates(2)).toBe('View 2 updates');
    expect(msg.hideUpdates(1)).toBe('Hide 1 update');
    expect(msg.freeMonthsStartNow(3)).toBe('3 free months start now');
    expect(msg.freeMonthsStartNow(1)).toBe('1 free month starts now');
    expect(msg.couponApplied(1, 30)).toBe('1 free month (30 days free)');
    expect(msg.couponApplied(3, 90)).toBe('3 free months (90 days free)');
  });

  it('fill in the spec wording', () => {
    expect(msg.uploadMediaFailed(2, 'network error')).toBe(
      'Failed to upload media 2: network error',
    );
    expect(msg.saveMediaFailed(1, 'denied')).toBe('Error saving media 1: denied');
    expect(msg.uploadAvatarFailed('too big')).toBe('Error uploading avatar: too big');
    expect(msg.badgeReason(21)).toBe('Completed 21 consecutive check-ins');
    expect(msg.dayNOf90(7)).toBe('Day 7 of 90');
    expect(msg.daysProgress(7)).toBe('7/90 days');
    expect(msg.viewAllComments(5)).toBe('View all 5 comments');
    expect(msg.workoutWeekCreated(3)).toBe('Week 3 has been created for you.');
    expect(msg.workoutWeekRow(3, 'Jun 01, 2026')).toBe('Week 3 — Jun 01, 2026');
  });

  it("names the member in a cycle reset, or says 'user'", () => {
    expect(msg.cycleResetFor('Sam')).toBe('Cycle reset for Sam');
    expect(msg.cycleResetFor(null)).toBe('Cycle reset for user');
    expect(msg.cycleResetFor('  ')).toBe('Cycle reset for user');
  });

  it('build the invite limit message from the limit', () => {
    expect(msg.inviteRateLimited).toBe(
      "You've reached the daily limit of 10 invites. Please try again tomorrow.",
    );
  });
});
