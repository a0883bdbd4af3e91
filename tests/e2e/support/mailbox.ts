import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  raw: string;
}

function headerValue(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? decodeWords(line.slice(name.length + 1).trim()) : '';
}

/**
 * A header's RFC 2047 encoded words (`=?UTF-8?Q?c=C3=B3digo?=`, `=?UTF-8?B?...?=`) as the text they
 * stand for: a subject in Spanish or German arrives encoded, and journeys compare what a reader sees.
 */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_, charset: string, kind: string, body: string) => {
        const bytes =
          kind.toUpperCase() === 'B'
            ? Buffer.from(body, 'base64')
            : Buffer.from(
                body
                  .replace(/_/g, ' ')
                  .replace(/=([0-9A-Fa-f]{2})/g, (_hex, hex: string) =>
                    String.fromCharCode(Number.parseInt(hex, 16)),
                  ),
                'latin1',
              );
        return new TextDecoder(charset).decode(bytes);
      },
    );
}

/** A real SMTP server on 127.0.0.1:`port` that keeps every message it is sent, in order. */
export async function startSmtpCatcher(port: number) {
  const mails: CapturedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: headerValue(raw, 'Subject'),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** The SMTP catcher, plus a tiny HTTP endpoint the browser tests read the messages from. */
export async function startMailbox(smtpPort: number, httpPort: number) {
  const { mails, close } = await startSmtpCatcher(smtpPort);

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
  });
  await new Promise<void>((resolve) => http.listen(httpPort, '127.0.0.1', resolve));

  return {
    async close() {
      await close();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
