import { CODE_LENGTH, OTP_TTL_MINUTES, PRODUCT_NAME, TAGLINE } from '@shared/constants';
import type { MailMessage } from './mail';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(title: string, paragraphs: string[], highlight?: string): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const code = highlight
    ? `<p style="margin:0 0 16px;font-size:32px;font-weight:800;letter-spacing:8px;font-family:ui-monospace,monospace">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html><body style="margin:0;padding:24px;background:#f1f5f9;font-family:system-ui,sans-serif;color:#0f172a">
<div style="max-width:480px;margin:0 auto;background:#fff;border-radius:16px;padding:24px">
<p style="margin:0 0 16px;font-weight:800">${PRODUCT_NAME}</p>
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(title)}</h1>${code}${body}
<p style="margin:24px 0 0;color:#475569;font-size:13px">${escapeHtml(TAGLINE)}</p>
</div></body></html>`;
}

/** The 6-digit code mail, for verifying a new account or signing in. The code is in the subject too. */
export function codeMail(input: {
  to: string;
  code: string;
  purpose: 'verify' | 'sign-in';
  /** Somebody signed up again with this address: say the account already exists. */
  accountExists?: boolean;
}): MailMessage {
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
  return {
    to: input.to,
    kind: verify ? 'verification_code' : 'sign_in_code',
    subject,
    text: `${lead}\n\n    ${input.code}\n\n${expiry}\n${ignore}\n\n${TAGLINE}\n`,
    html: layout(
      verify ? 'Verify your e-mail' : 'Your sign-in code',
      [lead, expiry, ignore],
      input.code,
    ),
  };
}

/** Sent once when wrong codes for this account pass the threshold and code entry pauses. */
export function codeLockoutMail(input: { to: string; minutes: number }): MailMessage {
  const lead = `Several wrong codes were entered for your ${PRODUCT_NAME} account, so code sign-in is paused for ${input.minutes} minutes.`;
  const calm =
    'If that was you, wait and ask for a new code. If it was not, nobody got in: codes are only sent to this address, and you can sign in as usual once the pause ends.';
  return {
    to: input.to,
    kind: 'code_lockout_notice',
    subject: `Sign-in paused on your ${PRODUCT_NAME} account`,
    text: `${lead}\n\n${calm}\n\n${TAGLINE}\n`,
    html: layout('Sign-in paused', [lead, calm]),
  };
}
