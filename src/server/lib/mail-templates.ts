import { CODE_LENGTH, OTP_TTL_MINUTES, PRODUCT_NAME, TAGLINE } from '@shared/constants';
import { contactHref } from '@shared/domain/subscription';
import { msg } from '@shared/messages';
import { escapeHtml } from './html';
import type { MailMessage } from './mail';

// Every mail the product sends, in plain text and HTML (decision 0020). One layout with the brand's
// look (slate ink, one lime accent used only for the button that moves the member forward), a link
// back to PUBLIC_URL, and for nudges a footer with a one-click unsubscribe.

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#a3e635';

/** Where a mail links: the site, and for nudges the signed unsubscribe link. */
export interface MailLinks {
  publicUrl: string;
  /**
   * Only for nudges (reminders, trial notice): turns e-mail nudges off without signing in. Code,
   * invite and lockout mails answer something the reader did and take only `publicUrl`.
   */
  unsubscribeUrl?: string;
  /** The unsubscribe link's words: 'Unsubscribe from e-mail nudges' unless the mail is another list's. */
  unsubscribeLabel?: string;
}

const NUDGES_UNSUBSCRIBE = 'Unsubscribe from e-mail nudges';

interface Layout {
  title: string;
  paragraphs: string[];
  /** A code shown large (the code mails). */
  highlight?: string;
  /** A big number line above the paragraphs (the reminder's day and streak). */
  stat?: string;
  button?: { label: string; url: string };
}

function html(links: MailLinks, content: Layout): string {
  const body = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('');
  const code = content.highlight
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:800;letter-spacing:8px;font-family:ui-monospace,monospace;font-variant-numeric:tabular-nums">${escapeHtml(content.highlight)}</p>`
    : '';
  const stat = content.stat
    ? `<p style="margin:0 0 16px;font-size:28px;font-weight:800;font-variant-numeric:tabular-nums">${escapeHtml(content.stat)}</p>`
    : '';
  const button = content.button
    ? `<p style="margin:8px 0 24px"><a href="${escapeHtml(content.button.url)}" style="display:inline-block;background:${ACCENT};color:${INK};font-weight:700;text-decoration:none;padding:12px 20px;border-radius:10px">${escapeHtml(content.button.label)}</a></p>`
    : '';
  const unsubscribe = links.unsubscribeUrl
    ? `<br><a href="${escapeHtml(links.unsubscribeUrl)}" style="color:${MUTED}">${escapeHtml(links.unsubscribeLabel ?? NUDGES_UNSUBSCRIBE)}</a>`
    : '';
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f1f5f9;font-family:'Inter Variable',system-ui,sans-serif;color:${INK}">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:16px;padding:24px">
<p style="margin:0 0 16px;font-weight:800"><a href="${escapeHtml(links.publicUrl)}" style="color:${INK};text-decoration:none">${PRODUCT_NAME}</a></p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>${code}${stat}${body}${button}
<p style="margin:24px 0 0;color:${MUTED};font-size:13px;line-height:1.5">${escapeHtml(TAGLINE)}<br><a href="${escapeHtml(links.publicUrl)}" style="color:${MUTED}">${escapeHtml(links.publicUrl.replace(/^https?:\/\//, ''))}</a>${unsubscribe}</p>
</div></body></html>`;
}

function text(links: MailLinks, content: Layout, lines: string[]): string {
  const footer = [`${TAGLINE}`, links.publicUrl];
  if (links.unsubscribeUrl)
    footer.push(`${links.unsubscribeLabel ?? NUDGES_UNSUBSCRIBE}: ${links.unsubscribeUrl}`);
  return `${lines.join('\n\n')}\n\n-- \n${footer.join('\n')}\n`;
}

/** RFC 8058 one-click unsubscribe: mail clients show an Unsubscribe button and POST to the link. */
function unsubscribeHeaders(links: MailLinks): Record<string, string> | undefined {
  if (!links.unsubscribeUrl) return undefined;
  return {
    'List-Unsubscribe': `<${links.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

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
  const content: Layout = {
    title: verify ? 'Verify your e-mail' : 'Your sign-in code',
    paragraphs: [lead, expiry, ignore],
    highlight: input.code,
  };
  return {
    to: input.to,
    kind: verify ? 'verification_code' : 'sign_in_code',
    subject,
    text: text(links, content, [lead, `    ${input.code}`, `${expiry}\n${ignore}`]),
    html: html(links, content),
    // A code is worthless after its lifetime: never sent late, never kept longer (decision 0020).
    expiresInMinutes: OTP_TTL_MINUTES,
  };
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
  const content: Layout = { title: 'Sign-in paused', paragraphs: [lead, calm] };
  return {
    to: input.to,
    kind: 'code_lockout_notice',
    subject: `Sign-in paused on your ${PRODUCT_NAME} account`,
    text: text(links, content, [lead, calm]),
    html: html(links, content),
  };
}

/** The first line of a mail: the person's name when we have one, else a plain "Hi there,". */
export function greeting(name?: string | null): string {
  const given = name?.trim();
  return given ? `Hi ${given},` : 'Hi there,';
}

/** A member invites a workout buddy: the link carries the invite token. */
export function buddyInviteMail(
  input: { to: string; inviterName: string; firstName?: string; link: string },
  site: Pick<MailLinks, 'publicUrl'>,
): MailMessage {
  const links: MailLinks = { publicUrl: site.publicUrl };
  const hello = greeting(input.firstName);
  const lead = `${input.inviterName} invited you to ${PRODUCT_NAME}, the 90-day consistency programme. Join through this link and your first month is free:`;
  const content: Layout = {
    title: `${input.inviterName} invited you`,
    paragraphs: [hello, lead],
    button: { label: 'Accept the invite', url: input.link },
  };
  return {
    to: input.to,
    kind: 'buddy_invite',
    subject: `${input.inviterName} invited you to ${PRODUCT_NAME}`,
    text: text(links, content, [hello, lead, input.link]),
    html: html(links, content),
  };
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
  const content: Layout = {
    title: `You are invited to ${PRODUCT_NAME}`,
    paragraphs: [hello, lead, expiry],
    button: { label: 'Set your password', url: link },
  };
  return {
    to: input.to,
    kind: 'admin_invite',
    subject: `You are invited to ${PRODUCT_NAME}`,
    text: text(links, content, [hello, lead, link, expiry]),
    html: html(links, content),
  };
}

/** The daily nudge at the member's reminder hour: their day, their streak, a button to check in. */
export function dailyReminderMail(
  input: { to: string; userId: string; name?: string | null; day: number | null; streak: number },
  links: MailLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const stat =
    input.day === null
      ? `Streak: ${input.streak}`
      : `Day ${input.day} of 90 · streak ${input.streak}`;
  const lead =
    input.streak > 0
      ? `You have stacked ${input.streak} ${input.streak === 1 ? 'day' : 'days'} in a row. Today's check-in keeps the run going.`
      : "Today's check-in is still open. One small step counts: log it and start a new run.";
  const checkinUrl = `${links.publicUrl}/app`;
  const content: Layout = {
    title: "Today's check-in is waiting",
    stat,
    paragraphs: [hello, lead],
    button: { label: 'Check in for today', url: checkinUrl },
  };
  return {
    to: input.to,
    userId: input.userId,
    kind: 'daily_reminder',
    subject:
      input.day === null ? "Time for today's check-in" : `Day ${input.day}: time to check in`,
    text: text(links, content, [hello, stat, lead, `Check in: ${checkinUrl}`]),
    html: html(links, content),
    headers: unsubscribeHeaders(links),
  };
}

/**
 * A crewmate's nudge (issue 30): reads like a friend wrote it. A nudge, so it carries the
 * unsubscribe link and honours the member's e-mail nudge setting.
 */
export function crewNudgeMail(
  input: {
    to: string;
    userId: string;
    name?: string | null;
    fromName: string;
    crewName: string;
    day: number | null;
  },
  links: MailLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const title = msg.crewNudgeTitle(input.fromName, input.day);
  const lead = msg.crewNudgeLead(input.fromName, input.crewName);
  const checkinUrl = `${links.publicUrl}/app`;
  const content: Layout = {
    title,
    paragraphs: [hello, lead],
    button: { label: 'Check in for today', url: checkinUrl },
  };
  return {
    to: input.to,
    userId: input.userId,
    kind: 'crew_nudge',
    subject: title,
    text: text(links, content, [hello, title, lead, `Check in: ${checkinUrl}`]),
    html: html(links, content),
    headers: unsubscribeHeaders(links),
  };
}

/** How the server takes payments, for the ending notices' next step (decision 0034). */
export interface BillingLinks {
  provider: 'stripe' | 'builtin';
  /** BILLING_CONTACT, or null. */
  contact: string | null;
}

/**
 * The next step when free time ends: with Stripe, choose a plan in Settings; without payments, ask
 * for more time at BILLING_CONTACT (a button when there is one), never a plan that cannot be bought.
 */
function nextStep(links: MailLinks & BillingLinks) {
  if (links.provider === 'stripe') {
    const url = `${links.publicUrl}/app/settings`;
    return {
      sentence: 'Choose a plan to keep your cycle, your streak and your check-ins going.',
      button: { label: 'Choose a plan', url },
      textLine: `Choose a plan: ${url}`,
    };
  }
  const sentence = `This server takes no payments. ${msg.askForAccess(links.contact)}`;
  if (!links.contact) return { sentence, button: undefined, textLine: null };
  const url = contactHref(links.contact);
  return { sentence, button: { label: 'Ask for more time', url }, textLine: null };
}

/** Three days before a trial, free months or a month comp end: what happens next. */
export function accessEndingMail(
  input: {
    to: string;
    userId: string;
    name?: string | null;
    endsOn: string;
    /** 'trial': trialing (a trial or free months); 'comp': an admin's month comp. */
    kind: 'trial' | 'comp';
  },
  links: MailLinks & BillingLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const what = input.kind === 'trial' ? 'free trial' : 'free access';
  const next = nextStep(links);
  const lead = `Your ${PRODUCT_NAME} ${what} ends on ${input.endsOn}. ${next.sentence}`;
  const content: Layout = {
    title: `Your ${what} ends in 3 days`,
    paragraphs: [hello, lead],
    button: next.button,
  };
  return {
    to: input.to,
    userId: input.userId,
    kind: input.kind === 'trial' ? 'trial_ending' : 'comp_ending',
    subject: `Your ${PRODUCT_NAME} ${input.kind === 'trial' ? 'trial' : 'free access'} ends in 3 days`,
    text: text(links, content, [hello, lead, ...(next.textLine ? [next.textLine] : [])]),
    html: html(links, content),
    headers: unsubscribeHeaders(links),
  };
}

/** The numbers of a week in the e-mail, each beside the week before. */
export interface WeeklyReviewMailNumbers {
  week: number;
  final: boolean;
  checkins: number;
  days: number;
  movedMinutes: number;
  steps: number;
  proteinDays: number;
  hydrationDays: number;
  currentStreak: number;
  bestStreak: number;
}

/**
 * The weekly review (decision 0049): the morning after a week ends, at the member's reminder hour,
 * the week's numbers and a button to the review. Its own list: the unsubscribe link turns off only it.
 */
export function weeklyReviewMail(
  input: {
    to: string;
    userId: string;
    name?: string | null;
    url: string;
  } & WeeklyReviewMailNumbers,
  links: MailLinks & { unsubscribeUrl: string },
): MailMessage {
  const hello = greeting(input.name);
  const n = (value: number) => value.toLocaleString('en-US');
  const title = input.final ? 'Your 90 days, reviewed' : `Your week ${input.week} review is ready`;
  const stat = `${input.checkins} of ${input.days} days checked in`;
  const lines = [
    `Move minutes: ${n(input.movedMinutes)}`,
    `Steps: ${n(input.steps)}`,
    `Protein target hit: ${input.proteinDays} ${input.proteinDays === 1 ? 'day' : 'days'}`,
    `Hydration goal hit: ${input.hydrationDays} ${input.hydrationDays === 1 ? 'day' : 'days'}`,
    `Streak: ${input.currentStreak} (best ${input.bestStreak})`,
  ];
  const lead = input.final
    ? 'Ninety days stacked up. See the whole cycle, day by day, and where you started.'
    : 'Here is how your week added up. The review has each day, your journal lines and your photos.';
  const content: Layout = {
    title,
    stat,
    paragraphs: [hello, lead, ...lines],
    button: { label: 'Open your review', url: input.url },
  };
  const reviewLinks = { ...links, unsubscribeLabel: 'Unsubscribe from the weekly review e-mail' };
  return {
    to: input.to,
    userId: input.userId,
    kind: 'weekly_review',
    subject: input.final ? `Your 90-day review: ${stat}` : `Week ${input.week} review: ${stat}`,
    text: text(reviewLinks, content, [
      hello,
      stat,
      lead,
      lines.join('\n'),
      `Open your review: ${input.url}`,
    ]),
    html: html(reviewLinks, content),
    headers: unsubscribeHeaders(reviewLinks),
  };
}
