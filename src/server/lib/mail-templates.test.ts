import { describe, expect, it } from 'vitest';
import { adminInviteMail, buddyInviteMail } from './mail-templates/account';
import { accessEndingMail } from './mail-templates/billing';
import { dailyReminderMail } from './mail-templates/nudges';

const site = { publicUrl: 'https://stackdays.example' };
const nudge = {
  ...site,
  unsubscribeUrl: 'https://stackdays.example/api/notifications/unsubscribe',
};

describe('greetings (issue 25 #4)', () => {
  it('the buddy invite greets by first name, and reads well without one', () => {
    const invite = (firstName?: string) =>
      buddyInviteMail(
        { to: 'buddy@example.com', inviterName: 'Sam', firstName, link: 'https://x/invite/t' },
        site,
      );
    expect(invite('Ada').text).toMatch(/^Hi Ada,$/m);
    for (const none of [undefined, '', '   ']) {
      const mail = invite(none);
      expect(mail.text).toMatch(/^Hi there,$/m);
      expect(mail.text).not.toMatch(/^Hi ?,/m);
      expect(mail.html).toContain('Hi there,');
      expect(mail.html).not.toMatch(/>Hi ?,/);
    }
  });

  it('every mail that greets by name reads well without one', () => {
    const mails = [
      adminInviteMail({ to: 'a@example.com', token: 't'.repeat(32), firstName: null }, site),
      dailyReminderMail({ to: 'a@example.com', userId: 'u', name: null, day: 3, streak: 2 }, nudge),
      accessEndingMail(
        { to: 'a@example.com', userId: 'u', name: '', endsOn: 'May 2', kind: 'trial' },
        { ...site, provider: 'builtin', contact: null },
      ),
    ];
    for (const mail of mails) {
      expect(mail.text, mail.kind).toMatch(/^Hi there,$/m);
      expect(mail.text, mail.kind).not.toMatch(/^Hi,/m);
    }
  });
});
