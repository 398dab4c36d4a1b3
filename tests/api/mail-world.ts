import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { MailCap } from '../../src/lib/mail-digest.ts';
import { db } from '../../src/server/db/connection.ts';
import { signToken } from '../../src/server/services/auth.ts';
import { markEmailConfirmed } from '../../src/server/services/mail/confirm.ts';
import { setMailer } from '../../src/server/services/mail/outbox.ts';
import { createSender, type Sender } from '../../src/server/services/mail/sender.ts';
import { createMailer, type Mailer, mailFrom } from '../../src/server/services/mail/transport.ts';
import { createUser } from '../../src/server/services/users.ts';
import { jobParts, type setupTestApi } from './helpers.ts';
import { type Received, startSmtpServer } from './smtp-test-server.ts';

/**
 * A real SMTP server in the test (smtp-server) and the site's sender on a clock the test moves
 * (`later(ms)`): the mail tests of confirmation and of the per-recipient cap (mail-confirm.test.ts,
 * mail-cap.test.ts). The sender runs when the test says so (`send()`), so what is asserted is what arrived.
 */

export type Person = { id: number; token: string; email: string; username: string };

export const PASSWORD = 'Passw0rd!';

export function mailWorld(opts: { cap?: MailCap } = {}) {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailer: Mailer;
  let sender: Sender;
  let ahead = 0;
  const from = (name: string) => mailFrom({ mailFrom: undefined, smtpUrl: undefined }, 'blog.test', name);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = createMailer(smtp.url);
    const parts = { ...jobParts(), clock: () => new Date(Date.now() + ahead) };
    sender = createSender(parts, mailer, from, { baseDelayMs: 1, maxAttempts: 3, ...opts });
    setMailer({ mailer, from, wake: () => {} });
    await db.updateTable('config').set({ blog_name: '测试博客' }).where('id', '=', 1).execute();
  });

  afterAll(async () => {
    setMailer(null);
    mailer.close?.();
    await smtp.close();
  });

  beforeEach(async () => {
    await send();
    smtp.received.length = 0;
  });

  /** Runs the sender until nothing is waiting to be sent now (held mails wait for their time). */
  async function send(): Promise<void> {
    for (let i = 0; i < 500; i++) {
      await sender.runOnce();
      const waiting = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .execute();
      if (waiting.length === 0) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('mails still waiting after 500 turns of the sender');
  }

  /** An account made in the database; `confirmed` stands for its owner following the link. */
  async function person(opts: { email?: string; confirmed?: boolean } = {}): Promise<Person> {
    const username = `m${randomBytes(4).toString('hex')}`;
    const email = opts.email ?? `${username}@reader.test`;
    const id = await createUser({ username, password: PASSWORD, nick_name: `读者${username}`, email });
    if (opts.confirmed ?? true) await markEmailConfirmed(db, id);
    const row = await db
      .selectFrom('user')
      .select(['id', 'role', 'token_version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { id, token: await signToken(row), email, username };
  }

  return {
    smtp: () => smtp,
    send,
    person,
    /** Moves the sender's clock on. */
    later: (ms: number) => {
      ahead += ms;
    },
    /** The mails that reached an address. */
    to: (addr: string): Received[] => smtp.received.filter((r) => r.rcpt.includes(addr)),
    /** The outbox rows of an address, oldest first. */
    rows: (addr: string) =>
      db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'status', 'reason', 'digest_id', 'subject'])
        .where('rcpt', '=', addr.toLowerCase())
        .orderBy('id')
        .execute(),
  };
}

/** An article to comment on, made through the console's call. */
export async function anArticle(api: ReturnType<typeof setupTestApi>): Promise<number> {
  const made = await api.call(
    'POST',
    '/api/article/add',
    {
      article_title: '春天',
      article_content: '正文',
      article_description: '简介',
      category_name: '随笔',
      tagNameList: ['日常'],
      is_top: 2,
      status: 1,
      type: 1,
      order: 0,
      origin_url: '',
      article_cover: '',
    },
    api.adminToken,
  );
  expect(made.json.code).toBe(0);
  return made.json.result.id as number;
}

/** `who` replies to comment `parent` of the article, to the user `toId`; the new comment's id. */
export async function replyAs(
  api: ReturnType<typeof setupTestApi>,
  articleId: number,
  who: Person,
  reply: { parent: number; toId: number; content: string },
): Promise<number> {
  const r = await api.call(
    'POST',
    '/api/comment/apply',
    { type: 1, for_id: articleId, content: reply.content, parent_id: reply.parent, to_id: reply.toId },
    who.token,
  );
  expect(r.json.code).toBe(0);
  return r.json.result.id;
}

/** The link a mail carries to a path of the site (its text part). */
export function linkIn(mail: Received, path: string): URL {
  const re = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`);
  const found = re.exec(mail.mail.text ?? '')?.[0];
  if (!found) throw new Error(`no ${path} link in the mail`);
  return new URL(found);
}
