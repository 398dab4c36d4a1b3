import { expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { prepared } from '../../src/server/db/prepared.ts';
import { setupTestApi } from './helpers.ts';

/**
 * db/prepared.ts: a query Kysely builds and compiles once, then runs with each call's values. Its
 * answers are the ordinary query's for every value, it is built once per database, and a builder
 * that does something other than hand a value to the query is refused rather than run wrong.
 */

setupTestApi({ seed: true });

it('answers as the query built anew would, for each call’s values, building it once', async () => {
  let builds = 0;
  const titles = prepared((d, status: number, below: number, n: number) => {
    builds++;
    return d
      .selectFrom('article')
      .select(['id', 'article_title'])
      .where('status', '=', status)
      .where('id', '<', below)
      .orderBy('id', 'desc')
      .limit(n);
  });
  const ids = (await db.selectFrom('article').select('id').orderBy('id').execute()).map((r) => r.id);
  expect(ids.length).toBeGreaterThan(2);
  for (const [status, below, n] of [
    [1, ids[ids.length - 1] + 1, 10],
    [1, ids[1], 1],
    [2, ids[ids.length - 1] + 1, 5],
    [1, ids[0], 3],
  ]) {
    const expected = await db
      .selectFrom('article')
      .select(['id', 'article_title'])
      .where('status', '=', status)
      .where('id', '<', below)
      .orderBy('id', 'desc')
      .limit(n)
      .execute();
    expect(await titles.all(status, below, n)).toEqual(expected);
    expect(await titles.first(status, below, n)).toEqual(expected[0]);
  }
  expect(builds).toBe(1);
});

it('refuses a builder that uses a value as anything but a parameter', async () => {
  const branching = prepared((d, id: number) =>
    d
      .selectFrom('article')
      .select('id')
      .where('id', '=', typeof id === 'number' ? id : 0),
  );
  await expect(branching.all(1)).rejects.toThrow(/not a parameter/);
});
