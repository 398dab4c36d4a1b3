import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Answer, setupTestApi } from './helpers.ts';

/**
 * An article's password guessed from many addresses at once: each address stays under its own limit
 * (5 wrong in 10 minutes), so the article keeps a count of its own. 30 wrong passwords in 15 minutes,
 * from any addresses, pause its password box (the right password too) for 15 minutes, the next time for
 * 30; other articles are not held back. The clock (Date only) is held still and moved on by the test.
 */
const api = setupTestApi();
let clock = Date.now();

const PAUSED = /^这篇文章的密码错误次数过多，已暂停输入，请 (\d+) 分钟后再试$/;

async function addLocked(title: string) {
  const added = await api.call(
    'POST',
    '/api/article/add',
    {
      article_title: title,
      article_content: '锁住的正文',
      article_description: '简介',
      password: 'open-sesame',
    },
    api.adminToken,
  );
  expect(added.json.code, added.json.message).toBe(0);
  return added.json.result.id as number;
}

const unlock = (id: number, password: string, ip: string) =>
  api.callFrom(ip, 'POST', '/api/article/unlock', { id, password });

/** A wave of wrong passwords, each address trying four (under its limit of five). */
async function guesses(id: number, n: number, net: string): Promise<Answer[]> {
  return Promise.all(
    Array.from({ length: n }, (_, i) => unlock(id, `guess-${net}-${i}`, `10.${net}.${Math.floor(i / 4)}.1`)),
  );
}

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('wrong passwords per article, from every address', () => {
  // Every wrong password checked costs a slow hash: up to a minute on a busy machine.
  it('at most 30 are checked; then the article is paused for everyone, growing the next time', {
    timeout: 60_000,
  }, async () => {
    const id = await addLocked('多地址猜密码');
    const other = await addLocked('另一篇');
    const answers = await guesses(id, 40, '61');
    const wrong = answers.filter((a) => a.json.message === '密码错误').length;
    const paused = answers.filter((a) => a.status === 429 && PAUSED.test(a.json.message)).length;
    expect(wrong).toBe(30);
    expect(paused).toBe(10);

    // The right password, from an address that never failed, waits too.
    const right = await unlock(id, 'open-sesame', '10.62.0.1');
    expect(right.status).toBe(429);
    expect(right.json.message.match(PAUSED)?.[1]).toBe('15');
    expect(Number(right.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    // Another article opens as ever.
    expect((await unlock(other, 'open-sesame', '10.62.0.2')).json.code).toBe(0);

    // After the pause it opens again; thirty more wrong ones pause it for 30 minutes.
    clock += 15 * 60_000 + 1000;
    vi.setSystemTime(clock);
    expect((await unlock(id, 'open-sesame', '10.62.0.3')).json.code).toBe(0);
    await guesses(id, 30, '63');
    const again = await unlock(id, 'open-sesame', '10.62.0.4');
    expect(again.status).toBe(429);
    expect(again.json.message.match(PAUSED)?.[1]).toBe('30');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(15 * 60);
  });

  it('an article that does not exist counts nothing', async () => {
    for (let i = 0; i < 40; i++)
      expect((await unlock(999_999, 'x', `10.64.${i}.1`)).json.message).toBe('文章不存在');
  });
});
