import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Site } from '../../src/server/root/create-site.ts';
import { databaseEnv, onPostgres } from '../setup/database.ts';
import { ADMIN } from './helpers.ts';
import { startSmtpServer } from './smtp-test-server.ts';

/**
 * Two server processes on one database (PostgreSQL, or one SQLite file), each a site of its own made by
 * createSite in a fresh copy of the server's modules (as tests/api/scale-instance.ts does): both run
 * the mail sender built from SMTP_URL, both see every queued mail, and each mail arrives once.
 */

const OWNER = 'owner@two.test';
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
const sites: Site[] = [];
let dir = '';
let env: Record<string, string> = {};

async function startSite(): Promise<Site> {
  vi.resetModules();
  const { createSite } = await import('../../src/server/root/create-site.ts');
  const site = await createSite({
    env,
    pages: (_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>page</p>'),
    clientDir: path.join(dir, 'no-client-build'),
    // Looked for often: the two race for the same rows. The blogger gets 11 mails here at once: the
    // per-recipient cap has its own tests (mail-confirm.test.ts).
    mailSender: { pollMs: 100, baseDelayMs: 10, cap: { hour: 1000, day: 1000 } },
  });
  sites.push(site);
  return site;
}

async function call(site: Site, method: string, url: string, body?: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${site.url}${url}`, { method, headers, body: JSON.stringify(body) });
  return (await res.json()) as { code: number; message: string; result?: any };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  dir = mkdtempSync(path.join(tmpdir(), 'blog-mail2-'));
  env = {
    PORT: '0',
    DATA_DIR: dir,
    SEED_DEMO: 'false',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    LINK_CHECK_HOURS: '0',
    JWT_SECRET: 'mail-processes-secret-0123456789',
    // Two sites in one test process: few connections each, so files running beside it keep theirs.
    PG_POOL_MAX: '3',
    SMTP_URL: smtp.url,
    MAIL_FROM: '测试博客 <noreply@two.test>',
    ...(await databaseEnv()),
  };
  await startSite();
  await startSite();
}, 120_000);

afterAll(async () => {
  for (const s of sites.reverse()) await s.close();
  await smtp.close();
  rmSync(dir, { recursive: true, force: true });
});

test(`two processes on ${onPostgres ? 'PostgreSQL' : 'one SQLite file'} send each mail once`, async () => {
  const [a, b] = sites;
  const login = await call(a, 'POST', '/api/user/login', ADMIN);
  const adminToken = login.result.token as string;
  const reg = async (site: Site, name: string) => {
    const r = await call(site, 'POST', '/api/user/register', {
      username: name,
      password: 'Passw0rd1',
      nick_name: name,
      email: `${name}@two.test`,
    });
    expect(r.code).toBe(0);
    return (await call(site, 'POST', '/api/user/login', { username: name, password: 'Passw0rd1' })).result
      .token as string;
  };
  // The blogger's address, set through one process, read by the other's requests, confirmed by the
  // test mail reaching it.
  expect((await call(b, 'POST', '/api/config/update', { owner_email: OWNER }, adminToken)).code).toBe(0);
  expect((await call(a, 'POST', '/api/mail/test', {}, adminToken)).code).toBe(0);
  const ann = await reg(a, 'annmail');
  const ben = await reg(b, 'benmail');
  // Ann follows the link of her confirmation mail (through the other process); Ben never does.
  await expect
    .poll(() => smtp.received.filter((r) => r.rcpt.includes('annmail@two.test')).length, { timeout: 30_000 })
    .toBe(1);
  const link = /http:\/\/[^\s]+\/api\/mail\/confirm\?token=[\w.-]+/.exec(
    smtp.received.find((r) => r.rcpt.includes('annmail@two.test'))?.mail.text ?? '',
  )?.[0];
  expect(link).toBeTruthy();
  const confirmed = await fetch(`${b.url}${new URL(link ?? '').pathname}${new URL(link ?? '').search}`, {
    method: 'POST',
  });
  expect(((await confirmed.json()) as { code: number }).code).toBe(0);
  await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(3);
  smtp.received.length = 0;
  const msg = await call(
    a,
    'POST',
    '/api/message/add',
    { message: '两个进程', tag: '', color: '', font_size: 16, font_weight: 400, bg_color: '', bg_url: '' },
    ann,
  );
  expect(msg.code).toBe(0);

  // A reply through the other process: Ann is mailed once, the blogger once per comment.
  const list = await call(b, 'POST', '/api/message/getMessageList', { current: 1, size: 1 });
  const messageId = list.result.list[0].id as number;
  const comments = [];
  for (let i = 0; i < 10; i++) {
    const site = i % 2 ? a : b;
    const c = await call(
      site,
      'POST',
      '/api/comment/add',
      { type: 3, for_id: messageId, content: `评论${i}` },
      ben,
    );
    expect(c.code).toBe(0);
    comments.push(c.result.id);
  }
  // 1 message + 10 comments to the blogger, 10 replies to Ann.
  await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(21);
  // Both senders keep looking a while longer: nothing more may arrive.
  await new Promise((r) => setTimeout(r, 500));
  expect(smtp.received).toHaveLength(21);
  const toAnn = smtp.received.filter((r) => r.rcpt.includes('annmail@two.test'));
  expect(new Set(toAnn.map((r) => r.mail.text)).size).toBe(10);
  for (const id of comments) expect(toAnn.some((r) => r.mail.text?.includes(`#comment-${id}`))).toBe(true);
  expect(smtp.received.every((r) => r.mail.from?.text.includes('noreply@two.test'))).toBe(true);
});

test('a burst of queued mails is shared by the two senders, each sent once (mails per second logged)', async () => {
  // The second site's module copy is the one loaded last.
  const { db } = await import('../../src/server/db/connection.ts');
  const before = smtp.received.length;
  const N = 100;
  const now = new Date().toISOString();
  const started = performance.now();
  await db
    .insertInto('mail_outbox')
    .values(
      Array.from({ length: N }, (_, i) => ({
        kind: 'owner',
        to_addr: `burst${i}@two.test`,
        subject: `批量${i}`,
        html: `<p>${i}</p>`,
        text: `${i}`,
        next_at: now,
        createdAt: now,
      })),
    )
    .execute();
  await expect.poll(() => smtp.received.length - before, { timeout: 60_000 }).toBeGreaterThanOrEqual(N);
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 500));
  const burst = smtp.received.slice(before);
  expect(burst).toHaveLength(N);
  expect(new Set(burst.map((r) => r.rcpt[0])).size).toBe(N);
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', 'attempts'])
    .where('subject', 'like', '批量%')
    .execute();
  expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  console.log(
    `[mail] ${N} mails by two senders in ${seconds.toFixed(2)} s: ${(N / seconds).toFixed(1)} mails/s (${onPostgres ? 'postgres' : 'sqlite'})`,
  );
});
