import { CODE_LENGTH, OTP_TTL_MINUTES, PRODUCT_NAME } from '@shared/constants';
import type { MailMessage } from '../mail';
import { greeting, laidOutMail, type MailLayout, type MailLinks } from './layout';

// The mails that answer something the reader or somebody for them did: sign-in and verification
// codes, the lockout notice, and the invites that lead to an account. None carries an unsubscribe link.

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
    ? `${input.code} is your ${PRODUCT_NAME} verification code`
    : `${input.code} is your ${PRODUCT_NAME} sign-in code`;
  const exists = input.accountExists
    ? `Someone (hopefully you) tried to sign up with this e-mail, but you already have a ${PRODUCT_NAME} account. `
    : '';
  const lead = verify
    ? `${exists}${input.accountExists ? 'Your account is not verified yet. ' : `Welcome to ${PRODUCT_NAME}. `}Enter this ${CODE_LENGTH}-digit code to verify your e-mail address:`
    : `${exists}Enter this ${CODE_LENGTH}-digit code to sign in to ${PRODUCT_NAME}:`;
  const expiry = `The code works once and expires in ${OTP_TTL_MINUTES} minutes.`;
  const ignore = "If you didn't ask for it, you can ignore this e-mail.";
  const content: MailLayout = {
    title: verify ? 'Verify your e-mail' : 'Your sign-in code',
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
  const lead = `Several wrong codes were entered for your ${PRODUCT_NAME} account, so code sign-in is paused for ${input.minutes} minutes.`;
  const calm =
    'If that was you, wait and ask for a new code. If it was not, nobody got in: codes are only sent to this address, and you can sign in as usual once the pause ends.';
  const content: MailLayout = { title: 'Sign-in paused', paragraphs: [lead, calm] };
  return laidOutMail(
    {
      to: input.to,
      kind: 'code_lockout_notice',
      subject: `Sign-in paused on your ${PRODUCT_NAME} account`,
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
  const lead = `${input.inviterName} invited you to ${PRODUCT_NAME}, the 90-day consistency programme. Join through this link and your first month is free:`;
  const content: MailLayout = {
    title: `${input.inviterName} invited you`,
    paragraphs: [hello, lead],
    button: { label: 'Accept the invite', url: input.link },
  };
  return laidOutMail(
    {
      to: input.to,
      kind: 'buddy_invite',
      subject: `${input.inviterName} invited you to ${PRODUCT_NAME}`,
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
  const by = input.invitedBy ? `${input.invitedBy} set up` : 'An administrator set up';
  const lead = `${by} a ${PRODUCT_NAME} account for you. Choose your password through this link to start your 90 days:`;
  const expiry = 'The link works once and expires in 7 days.';
  const content: MailLayout = {
    title: `You are invited to ${PRODUCT_NAME}`,
    paragraphs: [hello, lead, expiry],
    button: { label: 'Set your password', url: link },
  };
  return laidOutMail(
    { to: input.to, kind: 'admin_invite', subject: `You are invited to ${PRODUCT_NAME}` },
    links,
    content,
    [hello, lead, link, expiry],
  );
}
