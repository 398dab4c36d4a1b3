import { describe, expect, test } from 'vitest';
import { FIXED_MAIL_KINDS, isMailKind, mailTime, outboxState } from '../../src/lib/mail.ts';
import { capFreeAt, MAIL_CAP, renderDigest } from '../../src/lib/mail-digest.ts';

const T = Date.parse('2030-05-14T00:30:00.000Z');
const at = (ms: number) => new Date(T + ms).toISOString();
const HOUR = 3_600_000;

describe('the per-recipient cap (src/lib/mail-digest.ts)', () => {
  test('free while both windows have room, or once a full one ended', () => {
    const now = new Date(T);
    expect(
      capFreeAt({ hour_from: at(-60_000), hour_sent: 4, day_from: at(-60_000), day_sent: 4 }, now),
    ).toBeNull();
    expect(
      capFreeAt({ hour_from: at(-HOUR), hour_sent: 5, day_from: at(-HOUR), day_sent: 5 }, now),
    ).toBeNull();
  });

  test('a full hour frees when it ends; a full day when the day ends, whichever is later', () => {
    const now = new Date(T);
    expect(
      capFreeAt({ hour_from: at(-60_000), hour_sent: 5, day_from: at(-60_000), day_sent: 5 }, now)?.getTime(),
    ).toBe(T - 60_000 + HOUR);
    expect(
      capFreeAt(
        { hour_from: at(-2 * HOUR), hour_sent: 1, day_from: at(-5 * HOUR), day_sent: 20 },
        now,
      )?.getTime(),
    ).toBe(T - 5 * HOUR + 24 * HOUR);
    expect(MAIL_CAP).toEqual({ hour: 5, day: 20 });
  });
});

describe('the digest', () => {
  test('lists every folded mail with its link, escaped, with the switches and one 退订 per kind', () => {
    const d = renderDigest({
      siteName: '小站',
      items: [
        { title: '<b>甲</b> 回复了你', url: 'https://blog.example/article?id=1#comment-2' },
        { title: '两步验证已开启', url: 'https://blog.example/userCenter' },
      ],
      center: 'https://blog.example/userCenter',
      stops: [{ kind: 'reply', url: 'https://blog.example/api/mail/unsubscribe?token=a.b' }],
    });
    expect(d.subject).toBe('【小站】你有 2 条新提醒');
    expect(d.text).toContain('1. <b>甲</b> 回复了你');
    expect(d.text).toContain('https://blog.example/article?id=1#comment-2');
    expect(d.html).not.toContain('<b>甲</b>');
    expect(d.html).toContain('&lt;b&gt;甲&lt;/b&gt;');
    expect(d.html.match(/>退订<\/a>/g)).toHaveLength(1);
    expect(d.text).toContain('退订：https://blog.example/api/mail/unsubscribe?token=a.b');
  });

  test('a long digest lists 50 and counts the rest', () => {
    const items = Array.from({ length: 60 }, (_, i) => ({ title: `第${i}条`, url: `https://x/${i}` }));
    const d = renderDigest({ siteName: '小站', items, center: 'https://x/u', stops: [] });
    expect(d.text).toContain('还有 10 条');
    expect(d.text).not.toContain('https://x/55');
  });
});

describe('kinds without a switch, and times', () => {
  test('account, confirm and digest mails are no switch of the personal center', () => {
    expect(FIXED_MAIL_KINDS.some(isMailKind)).toBe(false);
  });

  test('a mail states Beijing time to the minute', () => {
    expect(mailTime(new Date('2030-05-14T00:30:59Z'))).toBe('2030-05-14 08:30（北京时间）');
  });
});

describe("the console outbox's words", () => {
  test('each state says why a mail did not go alone', () => {
    expect(outboxState({ status: 'skipped', reason: 'unconfirmed', digest_id: null })).toBe(
      '未验证地址，未发送',
    );
    expect(outboxState({ status: 'held', reason: 'capped', digest_id: null })).toBe(
      '超出发送上限，等待合并到摘要',
    );
    expect(outboxState({ status: 'folded', reason: 'folded', digest_id: 7 })).toBe('已合并到摘要 #7');
    expect(outboxState({ status: 'skipped', reason: 'capped', digest_id: null })).toBe(
      '超出发送上限，未发送',
    );
    expect(outboxState({ status: 'sent', reason: '', digest_id: null })).toBe('已发送');
  });
});
