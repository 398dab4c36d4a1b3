import { describe, expect, it } from 'vitest';
import { demoClock, picturesOf, type SeedContext } from '../../src/server/seed/context.ts';
import { runSteps, SEED_STEPS, type SeedStep, SeedStepError } from '../../src/server/seed/index.ts';

const emptyContext = (): SeedContext =>
  ({
    adminId: 1,
    uploadsDir: '',
    articlesDir: '',
    clock: demoClock(new Date('2025-06-01T08:00:00.000Z')),
    users: new Map(),
    articles: new Map(),
    talks: [],
    messages: [],
    links: [],
  }) as unknown as SeedContext;

describe('seed steps', () => {
  it('run in dependency order: pictures, people, taxonomy, articles, then what points at them', () => {
    const names = SEED_STEPS.map((s) => s.name);
    expect(names).toEqual([
      'pictures',
      'users',
      'site',
      'taxonomy',
      'articles',
      'article-history',
      'talks',
      'albums',
      'links',
      'messages',
      'comments',
      'likes',
      'notifications',
      'bangumi',
      'resources',
    ]);
    const precedes = (a: string, b: string) => expect(names.indexOf(a)).toBeLessThan(names.indexOf(b));
    for (const later of names.slice(1)) precedes('pictures', later);
    precedes('users', 'links');
    precedes('users', 'messages');
    precedes('taxonomy', 'articles');
    for (const target of ['articles', 'talks', 'messages']) {
      precedes(target, 'comments');
      precedes(target, 'likes');
    }
    precedes('links', 'notifications');
    expect(new Set(names).size).toBe(names.length);
  });

  it('runs the steps one after another and stops at the first failure, naming it', async () => {
    const ran: string[] = [];
    const step = (name: string, fail = false): SeedStep => ({
      name,
      run: async () => {
        await Promise.resolve();
        ran.push(name);
        if (fail) throw new Error('磁盘已满');
      },
    });
    const err = await runSteps([step('a'), step('b', true), step('c')], emptyContext()).catch(
      (e: unknown) => e,
    );
    expect(ran).toEqual(['a', 'b']);
    expect(err).toBeInstanceOf(SeedStepError);
    expect((err as SeedStepError).step).toBe('b');
    expect((err as Error).message).toBe('演示内容写入失败，在「b」这一步：磁盘已满');
  });

  it('a step that needs the pictures before they are drawn fails with a message that says so', () => {
    expect(() => picturesOf(emptyContext())).toThrow('pictures 这一步要在前面');
  });

  it('the demo clock gives the same dates for the same moment, never after it', () => {
    const now = new Date('2025-06-01T08:00:00.000Z');
    const a = demoClock(now);
    const b = demoClock(now);
    const first = [a.at(3), a.at(3), a.at(0)];
    expect([b.at(3), b.at(3), b.at(0)]).toEqual(first);
    for (const t of first) expect(Date.parse(t)).toBeLessThanOrEqual(now.getTime());
    expect(a.exact(now.toISOString(), 60)).toBe(now.toISOString());
  });
});
