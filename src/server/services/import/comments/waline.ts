import { linesOfIds } from '../source-lines.ts';
import { type CommentSource, type Entry, oldestId, whereOf } from './plan.ts';
import { toIso } from './text.ts';
import type { State } from './write.ts';

/**
 * Waline's export (its admin → 导出, docs/owner-guide.md#导入与导出): `{type: 'waline', version,
 * time, tables, data: {Comment, Counter, Users}}` (packages/server/src/controller/db.js). A comment
 * keeps its Markdown (with the client's `<img class="wl-emoji">` emoji) in `comment`, the page's path
 * in `url`, whom it answers in `pid` (its thread in `rid`), `status` approved / waiting / spam, the
 * time it was written in `insertedAt`; one by a signed-in user has `user_id`, a Users row.
 */

type Row = Record<string, unknown>;

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

const STATE: Record<string, State> = { approved: 'published', waiting: 'pending', spam: 'spam' };

/** The export inside the answer it came in, when it was saved from the API (`{errno, data}`). */
export function walineExport(json: unknown): { data: Row } | undefined {
  const o = json as Row | null;
  if (!o || typeof o !== 'object' || Array.isArray(o)) return undefined;
  const inner = (o.type === 'waline' ? o : (o.data as Row | undefined)) as Row | undefined;
  if (inner?.type !== 'waline' || !inner.data || typeof inner.data !== 'object') return undefined;
  return { data: inner.data as Row };
}

export function walineSource(json: unknown, text: string, name: string): CommentSource {
  const data = walineExport(json)?.data ?? {};
  const rows = (Array.isArray(data.Comment) ? data.Comment : []) as Row[];
  const users = new Map(
    ((Array.isArray(data.Users) ? data.Users : []) as Row[]).map((u) => [str(u.objectId), u] as const),
  );
  const lines = linesOfIds(text, /"objectId"\s*:\s*(?:"([^"]*)"|(\d+))/g);
  const entries: Entry[] = rows.map((r, i) => {
    const id = str(r.objectId) || `#${i + 1}`;
    const user = r.user_id ? users.get(str(r.user_id)) : undefined;
    const status = str(r.status);
    return {
      id,
      parent: str(r.pid) || str(r.rid) || undefined,
      // A signed-in user's row keeps the name and address they had when they wrote it; the account's win.
      nick: str(user?.display_name) || str(r.nick),
      mail: str(user?.email) || str(r.mail),
      link: str(r.link) || str(user?.url),
      ip: str(r.ip),
      ua: str(r.ua),
      createdAt: toIso(r.insertedAt) ?? toIso(r.createdAt),
      state: STATE[status] ?? (status ? 'pending' : 'published'),
      likes: Math.max(0, Math.trunc(Number(r.like) || 0)),
      owner: str(user?.type) === 'administrator',
      pinned: r.sticky === true || str(r.sticky) === '1' || str(r.sticky) === 'true',
      page: { addresses: [str(r.url)] },
      html: str(r.comment),
      where: whereOf(name, id, lines.get(str(r.objectId))),
    };
  });
  return {
    format: 'waline',
    source: `waline:${oldestId(entries) ?? name}`,
    entries,
    notes: [`Waline 导出：${rows.length} 条评论`],
  };
}
