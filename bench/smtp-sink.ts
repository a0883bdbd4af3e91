/**
 * A local SMTP server that accepts every message and counts them per recipient, in a process of its
 * own so the bench's load generator does not slow it down (bench/reminder-burst.ts forks it). It
 * sends `{ port }` once listening and answers `'report'` with `{ counts, others }`: messages per
 * recipient whose subject matches SINK_SUBJECT, and how many others came.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const counts: Record<string, number> = {};
/** Messages whose subject does not match SINK_SUBJECT (e.g. a trial-ending notice). */
let others = 0;
const subject = new RegExp(process.env.SINK_SUBJECT ?? '.', 'i');
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let head = '';
    stream.on('data', (chunk: Buffer) => {
      if (head.length < 4096) head += chunk.toString('utf8');
    });
    stream.on('end', () => {
      const line = /^Subject: (.*)$/im.exec(head.split(/\r?\n\r?\n/)[0])?.[1] ?? '';
      if (subject.test(line)) {
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          counts[to] = (counts[to] ?? 0) + 1;
        }
      } else others += 1;
      callback();
    });
  },
});
// A client that goes away mid-connection (a server stopped at the end) is no failure of the sink.
sink.on('error', () => {});
sink.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (sink.server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'report') process.send?.({ counts, others });
});
process.on('disconnect', () => sink.close(() => process.exit(0)));
