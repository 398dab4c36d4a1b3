import { describe, expect, test } from 'vitest';
import { backoffMs, commentPath, isMailKind, renderMail, thingName } from '../../src/lib/mail.ts';

describe('mail rules (src/lib/mail.ts)', () => {
  test('a comment is linked on its page with its anchor', () => {
    expect(commentPath(1, 7, 42)).toBe('/article?id=7#comment-42');
    expect(commentPath(2, 3, 5)).toBe('/talk?id=3#comment-5');
    expect(commentPath(3, 9, 11)).toBe('/message/detail?id=9#comment-11');
    expect(commentPath(3, 9)).toBe('/message/detail?id=9');
  });

  test("a comment's thing is named in a sentence", () => {
    expect(thingName(1, '春天')).toBe('文章《春天》');
    expect(thingName(2)).toBe('说说');
    expect(thingName(3)).toBe('留言板');
  });

  test('the back-off doubles from its base and stops at its cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20)).toBe(3_600_000);
    expect(backoffMs(0)).toBe(30_000);
  });

  test('kinds are the four switches only', () => {
    expect(['reply', 'review', 'link', 'owner'].every(isMailKind)).toBe(true);
    expect(isMailKind('test')).toBe(false);
    expect(isMailKind(undefined)).toBe(false);
  });

  test('a mail is rendered in Chinese, escaped, with its link and 退订 in both parts', () => {
    const m = renderMail({
      siteName: '小站',
      subject: '<b>甲</b> 回复了你',
      lead: '<b>甲</b> 回复了你的评论：',
      quote: '第一行\n<script>alert(1)</script>',
      action: { label: '查看回复', url: 'https://blog.example/article?id=1#comment-2' },
      unsubscribe: { kind: 'reply', url: 'https://blog.example/api/mail/unsubscribe?token=a.b' },
    });
    expect(m.subject).toBe('【小站】<b>甲</b> 回复了你');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.html).toContain('href="https://blog.example/article?id=1#comment-2"');
    expect(m.html).toMatch(
      /<a href="https:\/\/blog\.example\/api\/mail\/unsubscribe\?token=a\.b"[^>]*>退订<\/a>/,
    );
    expect(m.text).toContain('> 第一行');
    expect(m.text).toContain('查看回复：https://blog.example/article?id=1#comment-2');
    expect(m.text).toContain('退订：https://blog.example/api/mail/unsubscribe?token=a.b');
    // Without an unsubscribe (the console's test mail), no 退订 line.
    const plain = renderMail({
      siteName: '小站',
      subject: '测试',
      lead: '测试',
      action: { label: '打开', url: 'https://x' },
    });
    expect(plain.text).not.toContain('退订');
  });

  test('a reply mail quotes the comment it answers above the reply, each under its label, escaped', () => {
    const m = renderMail({
      siteName: '小站',
      subject: '甲 回复了你',
      lead: '甲 回复了你在文章《春天》的评论。',
      answered: { label: '你的评论：', text: '我的<i>看法</i>\n第二行' },
      quoteLabel: '甲 的回复：',
      quote: '同意 & 补充',
      action: { label: '查看回复', url: 'https://blog.example/article?id=1#comment-2' },
    });
    expect(m.text).toContain(
      '甲 回复了你在文章《春天》的评论。\n\n你的评论：\n> 我的<i>看法</i>\n> 第二行\n\n甲 的回复：\n> 同意 & 补充\n',
    );
    expect(m.html).not.toContain('<i>');
    const mine = m.html.indexOf('我的&lt;i&gt;看法&lt;/i&gt;');
    const reply = m.html.indexOf('同意 &amp; 补充');
    expect(mine).toBeGreaterThan(m.html.indexOf('你的评论：'));
    expect(m.html.indexOf('甲 的回复：')).toBeGreaterThan(mine);
    expect(reply).toBeGreaterThan(m.html.indexOf('甲 的回复：'));
    // Without anything answered the quote stands alone, unlabelled.
    const alone = renderMail({
      siteName: '小站',
      subject: '甲',
      lead: '甲',
      quoteLabel: '甲 的回复：',
      quote: '回复',
      action: { label: '看', url: 'https://x' },
    });
    expect(alone.text).not.toContain('的回复：');
    expect(alone.html).not.toContain('的回复：');
  });
});
