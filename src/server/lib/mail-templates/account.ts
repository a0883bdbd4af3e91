import { OTP_TTL_MINUTES } from '@shared/constants';
import { msg } from '@shared/messages';
import type { MailMessage } from '../mail';
import { greeting, laidOutMail, type MailLayout, type MailLinks } from './layout';

// The mails that answer something the reader or somebody for them did: sign-in and verification
// codes, the lockout notice, and the invites that lead to an account. None carries an unsubscribe link.
// Each is written in the locale it is composed in: the caller runs it in the recipient's (decision 0119).

/** The 6-digit code mail, for verifying a new account or signing in. The code is in the subject too. */
export function codeMail(
  input: {
    to: string;
    code: string;
    purpose: 'verify' | 'sign-in';
    /** Somebody signed up again with this address: say the account already exists. */
    accountExists?: boolean;
  },
  site: Pick<MailLinks, 'publicUrl'>,
): MailMessage {
  const links: MailLinks = { publicUrl: site.publicUrl };
  const verify = input.purpose === 'verify';
  const subject = verify
    ? msg.mail.codeVerifySubject(input.code)
    : msg.mail.codeSignInSubject(input.code);
  const lead = [
    input.accountExists ? msg.mail.codeAccountExists : null,
    verify ? (input.accountExists ? msg.mail.codeNotVerifiedYet : msg.mail.codeWelcome) : null,
    verify ? msg.mail.codeVerifyLead : msg.mail.codeSignInLead,
  ]
    .filter(Boolean)
    .join(' ');
  const expiry = msg.mail.codeExpiry;
  const ignore = msg.mail.codeIgnore;
  const content: MailLayout = {
    title: verify ? msg.mail.codeVerifyTitle : msg.mail.codeSignInTitle,
    paragraphs: [lead, expiry, ignore],
    highlight: input.code,
  };
  return laidOutMail(
    {
      to: input.to,
      kind: verify ? 'verification_code' : 'sign_in_code',
      subject,
      // A code is worthless after its lifetime: never sent late, never kept longer (decision 0020).
      expiresInMinutes: OTP_TTL_MINUTES,
    },
    links,
    content,
    [lead, `    ${input.code}`, `${expiry}\n${ignore}`],
  );
}

/** Sent once when wrong codes for this account pass the threshold and code entry pauses. */
export function codeLockoutMail(
  input: { to: string; minutes: number },
  site: Pick<MailLinks, 'publicUrl'>,
): MailMessage {
  const links: MailLinks = { publicUrl: site.publicUrl };
  const lead = msg.mail.lockoutLead(input.minutes);
  const calm = msg.mail.lockoutCalm;
  const content: MailLayout = { title: msg.mail.lockoutTitle, paragraphs: [lead, calm] };
  return laidOutMail(
    {
      to: input.to,
      kind: 'code_lockout_notice',
      subject: msg.mail.lockoutSubject,
    },
    links,
    content,
    [lead, calm],
  );
}

/** A member invites a workout buddy: the link carries the invite token. */
export function buddyInviteMail(
  input: { to: string; inviterName: string; firstName?: string; link: string },
  site: Pick<MailLinks, 'publicUrl'>,
): MailMessage {
  const links: MailLinks = { publicUrl: site.publicUrl };
  const hello = greeting(input.firstName);
  const lead = msg.mail.buddyInviteLead(input.inviterName);
  const content: MailLayout = {
    title: msg.mail.buddyInviteTitle(input.inviterName),
    paragraphs: [hello, lead],
    button: { label: msg.mail.buddyInviteButton, url: input.link },
  };
  return laidOutMail(
    {
      to: input.to,
      kind: 'buddy_invite',
      subject: msg.mail.buddyInviteSubject(input.inviterName),
    },
    links,
    content,
    [hello, lead, input.link],
  );
}

/**
 * An administrator created an account for this person: the link (PUBLIC_URL/signup?admin_invite=
 * {email}&token={token}) lets them set a password once. `token` is the raw token from the admin-invite
 * service; only its hash is stored.
 */
export function adminInviteMail(
  input: { to: string; token: string; firstName?: string | null; invitedBy?: string | null },
  site: Pick<MailLinks, 'publicUrl'>,
): MailMessage {
  const links: MailLinks = { publicUrl: site.publicUrl };
  const link = `${links.publicUrl}/signup?admin_invite=${encodeURIComponent(input.to)}&token=${encodeURIComponent(input.token)}`;
  const hello = greeting(input.firstName);
  const lead = msg.mail.adminInviteLead(input.invitedBy);
  const expiry = msg.mail.adminInviteExpiry;
  const content: MailLayout = {
    title: msg.mail.adminInviteSubject,
    paragraphs: [hello, lead, expiry],
    button: { label: msg.mail.adminInviteButton, url: link },
  };
  return laidOutMail(
    { to: input.to, kind: 'admin_invite', subject: msg.mail.adminInviteSubject },
    links,
    content,
    [hello, lead, link, expiry],
  );
}
