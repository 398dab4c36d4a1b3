import type { Bangumi } from '../../lib/contract/admin-catalog.ts';
import { shows } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { countRows, type Page, paginate } from './paginate.ts';

/** The anime list of one status (1 want, 2 watching, 3 watched), or all, most recently added first. */
export async function listBangumi(input: {
  status?: number;
  current: number;
  size: number;
}): Promise<Page<Bangumi>> {
  shows('bangumi');
  let q = db.selectFrom('bangumi');
  if (input.status) q = q.where('status', '=', input.status);
  return paginate(
    input,
    (limit, offset) =>
      q
        .select([
          'id',
          'title',
          'title_cn',
          'cover',
          'status',
          'progress',
          'total_episodes',
          'score',
          'summary',
          'url',
        ])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(q),
  );
}
