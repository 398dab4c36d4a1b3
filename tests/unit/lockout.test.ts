import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { lockoutMs, lockoutSteps, waitMinutes } from '../../src/lib/lockout.ts';
import { SharedHold, SharedLockout } from '../../src/server/core/shared-lockout.ts';
import { startRedis, stopRedis } from '../../src/server/redis/client.ts';
import { serviceUrl } from '../setup/database.ts';

const MIN = 60_000;

describe('lockoutMs: 15 minutes, doubling, capped', () => {
  it('grows by doubling up to the cap and stays there', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((l) => lockoutMs(l, 15 * MIN, 24 * 60 * MIN) / MIN)).toEqual([
      15, 30, 60, 120, 240, 480, 960,
    ]);
    expect(lockoutMs(8, 15 * MIN, 24 * 60 * MIN)).toBe(24 * 60 * MIN);
    expect(lockoutMs(10_000, 15 * MIN, 24 * 60 * MIN)).toBe(24 * 60 * MIN);
    expect(lockoutMs(0, 15 * MIN, 24 * 60 * MIN)).toBe(15 * MIN);
    expect(lockoutSteps(15 * MIN, 60 * MIN).map((ms) => ms / MIN)).toEqual([15, 30, 60]);
    expect(waitMinutes(1)).toBe(1);
    expect(waitMinutes(15 * MIN)).toBe(15);
    expect(waitMinutes(15 * MIN + 1)).toBe(16);
  });
});

const options = { max: 3, windowMs: 10 * MIN, baseMs: MIN, capMs: 4 * MIN, forgetMs: 60 * MIN };

/** The same rules in-process and on Redis (shared by every process). */
function rules(where: string, fresh: () => string) {
  describe(`SharedLockout and SharedHold ${where}`, () => {
    it('counts before the check, gives back a right one, locks at the max once, and grows', async () => {
      const l = new SharedLockout(`t${fresh()}`, options);
      for (let i = 0; i < 3; i++) expect(await l.take('k')).toBe(0);
      // Full of attempts still being checked: the next waits.
      expect(await l.take('k')).toBeGreaterThan(0);
      await l.refund('k');
      expect(await l.failed('k')).toBe(0);
      expect(await l.take('k')).toBe(0);
      // The count is full again: the failure starts the first lockout, said once.
      expect(await l.failed('k')).toBe(MIN);
      expect(await l.failed('k')).toBe(0);
      const wait = await l.lockedFor('k');
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(await l.take('k')).toBeGreaterThan(0);
      expect(await l.take('other')).toBe(0);
      await l.reset('k');
      expect(await l.lockedFor('k')).toBe(0);
    });

    it('one hold per key until released', async () => {
      const h = new SharedHold(`t${fresh()}`, 10_000);
      const first = await h.take('k');
      expect(first).not.toBeNull();
      expect(await h.take('k')).toBeNull();
      const other = await h.take('j');
      expect(other).not.toBeNull();
      await first?.();
      const again = await h.take('k');
      expect(again).not.toBeNull();
      await again?.();
      await other?.();
    });
  });
}

rules('in-process', () => randomUUID().slice(0, 8));

describe('in-process, with the clock', () => {
  afterAll(() => {
    vi.useRealTimers();
  });
  it('the next lockout after one ended is twice as long; a day later it starts over', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const l = new SharedLockout('clock', options);
    // One attempt at a time, each wrong: the third of the window locks.
    const lockOnce = async () => {
      for (let i = 0; i < 2; i++) {
        expect(await l.take('k')).toBe(0);
        expect(await l.failed('k')).toBe(0);
      }
      expect(await l.take('k')).toBe(0);
      return l.failed('k');
    };
    expect(await lockOnce()).toBe(MIN);
    vi.setSystemTime(Date.now() + MIN);
    expect(await lockOnce()).toBe(2 * MIN);
    vi.setSystemTime(Date.now() + 2 * MIN);
    expect(await lockOnce()).toBe(4 * MIN);
    vi.setSystemTime(Date.now() + 4 * MIN);
    // Capped.
    expect(await lockOnce()).toBe(4 * MIN);
    vi.setSystemTime(Date.now() + 4 * MIN + 60 * MIN);
    expect(await lockOnce()).toBe(MIN);
  });
});

describe('on Redis', { tags: ['services'] }, () => {
  const prefix = `t${randomUUID().slice(0, 8)}:`;
  it('connects', async () => {
    await startRedis(serviceUrl('redisUrl'), prefix);
  });
  rules('on Redis', () => randomUUID().slice(0, 8));
  it('two limiters of one name (two processes) share the count and the hold', async () => {
    const name = `t${randomUUID().slice(0, 8)}`;
    const [a, b] = [new SharedLockout(name, options), new SharedLockout(name, options)];
    expect(await a.take('k')).toBe(0);
    expect(await b.take('k')).toBe(0);
    expect(await a.take('k')).toBe(0);
    expect(await b.take('k')).toBeGreaterThan(0);
    // The count is full (three in flight): the first of them to turn out wrong starts the lockout, once.
    expect(await b.failed('k')).toBe(MIN);
    expect(await a.failed('k')).toBe(0);
    expect(await a.lockedFor('k')).toBeGreaterThan(0);
    expect(await a.take('k')).toBeGreaterThan(0);
    const [h1, h2] = [new SharedHold(name, 10_000), new SharedHold(name, 10_000)];
    const held = await h1.take('k');
    expect(held).not.toBeNull();
    expect(await h2.take('k')).toBeNull();
    await held?.();
    expect(await h2.take('k')).not.toBeNull();
    await stopRedis();
  });
});
