import { describe, expect, it } from 'vitest';
import { paginate } from '../../src/server/services/paginate.ts';

describe('paginate', () => {
  it('asks for the page window (LIMIT size, OFFSET (current-1)*size) and returns the page with the total', async () => {
    const windows: [number, number][] = [];
    const page = await paginate(
      { current: 3, size: 10 },
      async (limit, offset) => {
        windows.push([limit, offset]);
        return ['a', 'b'];
      },
      async () => 22,
    );
    expect(windows).toEqual([[10, 20]]);
    expect(page).toEqual({ current: 3, size: 10, list: ['a', 'b'], total: 22 });
  });

  it('turns a count PostgreSQL answers as a string (or a bigint) into a number', async () => {
    const rows = async () => [];
    expect((await paginate({ current: 1, size: 5 }, rows, async () => '17')).total).toBe(17);
    expect((await paginate({ current: 1, size: 5 }, rows, async () => 4n)).total).toBe(4);
  });

  it('runs the rows and the count at once, not one after the other', async () => {
    const started: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const result = paginate(
      { current: 1, size: 5 },
      async () => {
        started.push('rows');
        await gate;
        return [1];
      },
      async () => {
        started.push('count');
        release();
        return 1;
      },
    );
    expect(await result).toMatchObject({ list: [1], total: 1 });
    expect(started).toEqual(['rows', 'count']);
  });
});
