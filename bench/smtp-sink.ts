/**
 * A local SMTP server that accepts every message and counts them per recipient, in a process of its
 * own so the bench's load generator does not slow it down (bench/reminder-burst.ts forks it). It
 * sends `{ port }` once listening and answers `'report'` with `{ counts }` (recipient -> messages).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const counts: Record<string, number> = {};
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const to = address.address.toLowerCase();
    counts[to] = (counts[to] ?? 0) + 1;
    callback();
  },
  onData(stream, _session, callback) {
    stream.on('end', () => callback());
    stream.resume();
  },
});
sink.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (sink.server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message === 'report') process.send?.({ counts });
});
process.on('disconnect', () => sink.close(() => process.exit(0)));
