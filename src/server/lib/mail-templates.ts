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
}): MailMessage {
  const verify = input.purpose === 'verify';
  const subject = verify
    ? `${input.code} is your ${PRODUCT_NAME} verification code`
    : `${input.code} is your ${PRODUCT_NAME} sign-in code`;
  const lead = verify
    ? `Welcome to ${PRODUCT_NAME}. Enter this ${CODE_LENGTH}-digit code to verify your e-mail address:`
    : `Enter this ${CODE_LENGTH}-digit code to sign in to ${PRODUCT_NAME}:`;
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
