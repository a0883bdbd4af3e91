/**
 * A local SMTP server that accepts every message and counts them per kind and recipient, in a process
 * of its own so the bench's load generators do not slow it down (bench/reminder-burst.ts forks it).
 * SINK_KINDS is a JSON object of kind → subject pattern (case-insensitive), e.g.
 * `{"reminder":"time to check in","review":"review:"}`: a message counts under the first kind whose
 * pattern its subject matches, else as one of `others`. It sends `{ port }` once listening and answers
 * `'report'` with `{ counts: { kind: { recipient: n } }, others }`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const kinds = Object.entries(
  JSON.parse(process.env.SINK_KINDS ?? '{"all":"."}') as Record<string, string>,
).map(([kind, pattern]) => ({ kind, subject: new RegExp(pattern, 'i') }));
const counts: Record<string, Record<string, number>> = Object.fromEntries(
  kinds.map(({ kind }) => [kind, {}]),
);
/** Messages whose subject matches no kind (e.g. a trial-ending notice). */
let others = 0;
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
      const kind = kinds.find(({ subject }) => subject.test(line))?.kind;
      if (kind) {
        for (const rcpt of session.envelope.rcptTo) {
          const to = rcpt.address.toLowerCase();
          counts[kind][to] = (counts[kind][to] ?? 0) + 1;
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
