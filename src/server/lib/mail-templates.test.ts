import { describe, expect, it } from 'vitest';
import { adminInviteMail, buddyInviteMail } from './mail-templates/account';
import { accessEndingMail } from './mail-templates/billing';
import { crewNudgeMail, dailyReminderMail } from './mail-templates/nudges';

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

describe('names in a message (issue 47, threat #129)', () => {
  it("a sender's name with ICU or HTML syntax is said as written, never formatted or laid out", () => {
    const fromName = '{n, plural, one {x} other {y}} <a href="https://evil.example">Maya</a>';
    const mail = crewNudgeMail(
      { to: 'a@example.com', userId: 'u', name: 'Sam', fromName, crewName: '{crew}', day: 2 },
      nudge,
    );
    expect(mail.subject.startsWith(fromName)).toBe(true);
    expect(mail.text).toContain(fromName);
    expect(mail.html).not.toContain('<a href="https://evil.example">');
    expect(mail.html).toContain('&lt;a href=&quot;https://evil.example&quot;&gt;');
    expect(mail.html).toContain('{crew}');
  });
});
