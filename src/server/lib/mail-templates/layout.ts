import { PRODUCT_NAME } from '@shared/constants';
import { currentLocale } from '@shared/i18n/translate';
import { msg } from '@shared/messages';
import { escapeHtml } from '../html';
import type { MailMessage } from '../mail';

// The one layout every mail the product sends shares, in plain text and HTML (decision 0020): the
// brand's look (slate ink, one lime accent used only for the button that moves the member forward), a
// link back to PUBLIC_URL, and for nudges a footer with a one-click unsubscribe. Its words are in the
// locale the mail is composed in: the recipient's (decision 0119), named by `<html lang>`.

const INK = '#0f172a';
const MUTED = '#475569';
const ACCENT = '#a3e635';

/** Where a mail links: the site, and for nudges the signed unsubscribe link. */
export interface MailLinks {
  publicUrl: string;
  /**
   * Only for nudges (reminders, crew nudges, the weekly review): turns that list off without
   * signing in. Code, invite, lockout and free-time-ending mails are account mails and take only
   * `publicUrl` (decision 0096).
   */
  unsubscribeUrl?: string;
  /** The unsubscribe link's words: msg.mail.unsubscribeNudges unless the mail is another list's. */
  unsubscribeLabel?: string;
}

/** What a mail says, laid out the same way in every mail. */
export interface MailLayout {
  title: string;
  paragraphs: string[];
  /** A code shown large (the code mails). */
  highlight?: string;
  /** A big number line above the paragraphs (the reminder's day and streak). */
  stat?: string;
  button?: { label: string; url: string };
}

function mailHtml(links: MailLinks, content: MailLayout): string {
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
    ? `<br><a href="${escapeHtml(links.unsubscribeUrl)}" style="color:${MUTED}">${escapeHtml(links.unsubscribeLabel ?? msg.mail.unsubscribeNudges)}</a>`
    : '';
  return `<!doctype html><html lang="${currentLocale()}"><body style="margin:0;padding:24px;background:#f1f5f9;font-family:'Inter Variable',system-ui,sans-serif;color:${INK}">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:16px;padding:24px">
<p style="margin:0 0 16px;font-weight:800"><a href="${escapeHtml(links.publicUrl)}" style="color:${INK};text-decoration:none">${PRODUCT_NAME}</a></p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(content.title)}</h1>${code}${stat}${body}${button}
<p style="margin:24px 0 0;color:${MUTED};font-size:13px;line-height:1.5">${escapeHtml(msg.mail.tagline)}<br><a href="${escapeHtml(links.publicUrl)}" style="color:${MUTED}">${escapeHtml(links.publicUrl.replace(/^https?:\/\//, ''))}</a>${unsubscribe}</p>
</div></body></html>`;
}

function mailText(links: MailLinks, content: MailLayout, lines: string[]): string {
  const footer = [msg.mail.tagline, links.publicUrl];
  if (links.unsubscribeUrl)
    footer.push(`${links.unsubscribeLabel ?? msg.mail.unsubscribeNudges}: ${links.unsubscribeUrl}`);
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

/**
 * A mail in the layout: `content` as its HTML, `lines` as its plain text, and, when `links` carries
 * an unsubscribe link (a nudge), the one-click unsubscribe headers.
 */
export function laidOutMail(
  message: Omit<MailMessage, 'text' | 'html' | 'headers'>,
  links: MailLinks,
  content: MailLayout,
  lines: string[],
): MailMessage {
  const headers = unsubscribeHeaders(links);
  return {
    ...message,
    text: mailText(links, content, lines),
    html: mailHtml(links, content),
    ...(headers && { headers }),
  };
}

/** The first line of a mail: the person's name when we have one, else a plain "Hi there,". */
export function greeting(name?: string | null): string {
  return msg.mail.greeting(name);
}
