import { beforeAll, describe, expect, test } from 'vitest';
import { MAIL_CAP } from '../../src/lib/mail-digest.ts';
import { db } from '../../src/server/db/connection.ts';
import { takeSlot } from '../../src/server/services/mail/cap.ts';
import { setupTestApi } from './helpers.ts';
import { anArticle, mailWorld, PASSWORD, type Person, replyAs } from './mail-world.ts';

/**
 * The per-recipient cap (docs/security.md#mail): 5 mails an hour and 20 a day to one address, whatever
 * causes them; the rest are held and go out as one digest once the window allows, with a reason in the
 * console's outbox. The sender here has the site's defaults; its clock is moved instead of waiting.
 */

const api = setupTestApi();
const mail = mailWorld();
const HOUR = 3_600_000;
let articleId = 0;

beforeAll(async () => {
  articleId = await anArticle(api);
});

const reply = (who: Person, parent: number, toId: number, content: string) =>
  replyAs(api, articleId, who, { parent, toId, content });

describe('one address gets at most 5 mails an hour; the rest come as one digest', () => {
  test('17 reply mails in a minute: 5 delivered, 12 held with a reason, then one digest of all 12', async () => {
    const victim = await mail.person();
    const top = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '随便说说' },
      victim.token,
    );
    const parent = top.json.result.id as number;
    // Two writers (each may write 10 comments a minute): 17 replies quoting what they like.
    const a = await mail.person();
    const b = await mail.person();
    const ids: number[] = [];
    for (let i = 0; i < 17; i++)
      ids.push(await reply(i < 9 ? a : b, parent, victim.id, `买买买 ${i} http://spam.example`));
    await mail.send();
    expect(mail.to(victim.email)).toHaveLength(5);
    const rows = await mail.rows(victim.email);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(5);
    const held = rows.filter((r) => r.status === 'held');
    expect(held).toHaveLength(12);
    expect(held.every((r) => r.reason === 'capped')).toBe(true);
    // The console's outbox says why.
    const listed = await api.call(
      'GET',
      `/api/mail/outbox?current=1&size=20&status=held&to=${victim.email}`,
      undefined,
      api.adminToken,
    );
    expect(listed.json.result.total).toBe(12);
    expect(listed.json.result.list[0]).toMatchObject({ status: 'held', reason: 'capped', kind: 'reply' });
    expect(
      (await api.call('GET', '/api/mail/status', undefined, api.adminToken)).json.result.held,
    ).toBeGreaterThanOrEqual(12);

    // Within the hour nothing more goes.
    mail.later(30 * 60_000);
    await mail.send();
    expect(mail.to(victim.email)).toHaveLength(5);

    // Once the hour is over: one digest with every held mail's line and link.
    mail.later(31 * 60_000);
    await mail.send();
    const got = mail.to(victim.email);
    expect(got).toHaveLength(6);
    const digest = got[5].mail;
    expect(digest.subject).toBe('【测试博客】你有 12 条新提醒');
    for (const id of ids.slice(5)) expect(digest.text).toContain(`#comment-${id}`);
    for (const id of ids.slice(0, 5)) expect(digest.text).not.toContain(`#comment-${id}`);
    expect(digest.html).toContain('>退订</a>');
    const after = await mail.rows(victim.email);
    const digestRow = after.find((r) => r.kind === 'digest');
    expect(digestRow?.status).toBe('sent');
    const folded = after.filter((r) => r.status === 'folded');
    expect(folded).toHaveLength(12);
    expect(folded.every((r) => r.reason === 'folded' && r.digest_id === digestRow?.id)).toBe(true);

    // The digest took one slot of the new hour: four more may go alone.
    const c = await mail.person();
    for (let i = 0; i < 5; i++) await reply(c, parent, victim.id, `新的一小时 ${i}`);
    await mail.send();
    expect(mail.to(victim.email)).toHaveLength(10);
    expect((await mail.rows(victim.email)).filter((r) => r.status === 'held')).toHaveLength(1);
  });

  test('confirmation links over the cap are dropped, not folded: one address registered by many', async () => {
    const victim = 'target@victim.test';
    for (let i = 0; i < 7; i++) {
      const r = await api.callFrom(`10.8.0.${i}`, 'POST', '/api/user/register', {
        username: `flood${i}x`,
        password: PASSWORD,
        email: victim,
      });
      expect(r.json.code).toBe(0);
    }
    await mail.send();
    expect(mail.to(victim)).toHaveLength(5);
    const rows = await mail.rows(victim);
    expect(rows.filter((r) => r.status === 'skipped').map((r) => r.reason)).toEqual(['capped', 'capped']);
    mail.later(2 * HOUR);
    await mail.send();
    expect(mail.to(victim)).toHaveLength(5);
  });
});

describe('the cap holds when senders race', () => {
  test('12 slots asked at once for one address: exactly 5 are given', async () => {
    const rcpt = 'race@cap.test';
    const now = new Date();
    const answers = await Promise.all(Array.from({ length: 12 }, () => takeSlot(db, rcpt, now, MAIL_CAP)));
    expect(answers.filter((a) => a === null)).toHaveLength(5);
    const row = await db
      .selectFrom('mail_recipient')
      .selectAll()
      .where('rcpt', '=', rcpt)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ hour_sent: 5, day_sent: 5 });
    // The refused ones are told when the hour ends.
    const waits = answers.filter((a): a is Date => a !== null).map((a) => a.getTime());
    expect(new Set(waits).size).toBe(1);
    expect(waits[0]).toBe(Date.parse(row.hour_from) + HOUR);
  });

  test('20 a day: after four full hours the address waits for the day to end', async () => {
    const rcpt = 'day@cap.test';
    const t0 = Date.parse('2030-01-01T00:00:00.000Z');
    let given = 0;
    for (let h = 0; h < 6; h++)
      for (let i = 0; i < 6; i++)
        if ((await takeSlot(db, rcpt, new Date(t0 + h * (HOUR + 1)), MAIL_CAP)) === null) given++;
    expect(given).toBe(20);
    expect(await takeSlot(db, rcpt, new Date(t0 + 24 * HOUR + 1), MAIL_CAP)).toBeNull();
  });
});
