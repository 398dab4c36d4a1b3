import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as the test SMTP server received it: the envelope's recipients and the parsed message. */
export type Received = { rcpt: string[]; mail: ParsedMail; raw: string };

/** Where a mail for these addresses is refused for good (550 at RCPT TO), as for a mailbox that does not exist. */
export const NO_SUCH_MAILBOX = '@nowhere.test';

/**
 * A real SMTP server in the test's process (smtp-server, plain text on 127.0.0.1, any or no login):
 * what arrives is parsed with mailparser. `refuse(n)` makes it answer the next n messages with a
 * temporary failure (451) after their data, as a busy server does; a recipient ending in
 * NO_SUCH_MAILBOX is refused permanently (550). `saveTo`: each mail is also written there as
 * `<n>.eml`, for tests in other processes (the browser tests' workers).
 */
export async function startSmtpServer(opts: { saveTo?: string } = {}) {
  const received: Received[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    // No TLS on the loopback: the client would not trust a self-signed certificate.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth: (_auth, _session, cb) => cb(null, { user: 'test' }),
    onRcptTo(address, _session, cb) {
      if (!address.address.endsWith(NO_SUCH_MAILBOX)) return cb();
      cb(Object.assign(new Error('5.1.1 收件人邮箱不存在'), { responseCode: 550 }));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals--;
          const err = Object.assign(new Error('4.3.0 邮箱暂时不可用，请稍后再试'), { responseCode: 451 });
          cb(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (mail) => {
            received.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), mail, raw });
            if (opts.saveTo) writeFileSync(path.join(opts.saveTo, `${received.length}.eml`), raw);
            cb();
          },
          (err: Error) => cb(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse(n: number) {
      refusals = n;
    },
    /** The raw value of a header of a received mail (mailparser structures List-* headers). */
    header(r: Received, name: string): string {
      const line = r.mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
      return line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
