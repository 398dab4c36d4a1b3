import type { Bangumi, BangumiRow } from '../../lib/contract/admin-catalog.ts';
import { invalid, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { contains } from './admin-filters.ts';
import { countRows, type Page, paginate } from './paginate.ts';

/** The fields of a bangumi entry the owner writes
 * (docs/api/admin.md#bangumi-resources-the-site-list-links-guestbook-users-and-comments). */
export type BangumiInput = Omit<Bangumi, 'id'>;
const tooFar = (total: number) => `进度不能超过总集数 ${total}`;

const now = () => new Date().toISOString();

/** The owner's list: one status or all, a title (original or Chinese) substring, newest first. */
export async function listBangumiAdmin(input: {
  current: number;
  size: number;
  status?: number;
  title?: string;
}): Promise<Page<BangumiRow>> {
  let q = db.selectFrom('bangumi');
  if (input.status) q = q.where('status', '=', input.status);
  const title = input.title;
  if (title) q = q.where((eb) => eb.or([contains('title', title), contains('title_cn', title)]));
  return paginate(
    input,
    (limit, offset) =>
      q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    () => countRows(q),
  );
}

/**
 * The progress to store: an entry moved to 3 (watched) has seen every known episode; otherwise the
 * progress given, which never passes a known total.
 */
function settle(row: Pick<BangumiInput, 'progress' | 'total_episodes'>, watched: boolean) {
  if (watched && row.total_episodes > 0) return row.total_episodes;
  if (row.total_episodes > 0 && row.progress > row.total_episodes) throw invalid(tooFar(row.total_episodes));
  return row.progress;
}

export async function addBangumi(input: BangumiInput): Promise<{ id: number }> {
  changes('bangumi');
  const stamp = now();
  const row = await db
    .insertInto('bangumi')
    .values({ ...input, progress: settle(input, input.status === 3), createdAt: stamp, updatedAt: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

async function current(id: number) {
  const row = await db
    .selectFrom('bangumi')
    .select(['status', 'progress', 'total_episodes'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.bangumi);
  return row;
}

/** A partial edit, checked as a whole (progress against the total, whichever of the two changed). */
export async function updateBangumi(id: number, patch: Partial<BangumiInput>): Promise<void> {
  changes('bangumi');
  const merged = { ...(await current(id)), ...patch };
  await db
    .updateTable('bangumi')
    .set({ ...patch, progress: settle(merged, patch.status === 3), updatedAt: now() })
    .where('id', '=', id)
    .execute();
}

/** The status toggle: moving to 3 (watched) sets progress to the known total. */
export const setBangumiStatus = (id: number, status: number) => updateBangumi(id, { status });

export const setBangumiProgress = (id: number, progress: number) => updateBangumi(id, { progress });

export async function deleteBangumi(ids: number[]): Promise<number> {
  changes('bangumi');
  const res = await db.deleteFrom('bangumi').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}
