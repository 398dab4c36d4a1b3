import { linesOfIds } from '../source-lines.ts';
import { type CommentSource, type Entry, oldestId, whereOf } from './plan.ts';
import { toIso } from './text.ts';

/**
 * Artalk's Artrans (控制中心 → 迁移 → 导出, docs/owner-guide.md#导入与导出): a JSON array of comments
 * whose fields are all strings (internal/entity/artran.go): `id`, `rid` (the comment it answers, "0"
 * for none), `content` (the Markdown typed, with `<img atk-emoticon="name">` stickers), `ua`, `ip`,
 * `is_pending`/`is_collapsed`/`is_pinned` as "true"/"false", `vote_up`/`vote_down`, `created_at` as
 * Go writes it (`2006-01-02 15:04:05 -0700`), the commenter's `nick`/`email`/`link`, and its page:
 * `page_key` (its path or address), `page_title`, `site_name`, `site_urls`.
 */

type Row = Record<string, unknown>;

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function artransRows(json: unknown): Row[] | undefined {
  if (!Array.isArray(json) || !json.length) return undefined;
  const first = json[0] as Row;
  return first && typeof first === 'object' && 'page_key' in first && 'content' in first
    ? (json as Row[])
    : undefined;
}

export function artalkSource(rows: Row[], text: string, name: string): CommentSource {
  const lines = linesOfIds(text, /"id"\s*:\s*(?:"([^"]*)"|(\d+))/g);
  const sites = new Set(rows.map((r) => str(r.site_name)).filter(Boolean));
  const entries: Entry[] = rows.map((r, i) => {
    const id = str(r.id) || `#${i + 1}`;
    const rid = str(r.rid);
    return {
      id,
      parent: rid && rid !== '0' ? rid : undefined,
      nick: str(r.nick),
      mail: str(r.email),
      link: str(r.link),
      ip: str(r.ip),
      ua: str(r.ua),
      createdAt: toIso(r.created_at) ?? toIso(r.date),
      state: str(r.is_pending) === 'true' ? 'pending' : 'published',
      likes: Math.max(0, Math.trunc(Number(str(r.vote_up)) || 0)),
      pinned: str(r.is_pinned) === 'true',
      page: { addresses: [str(r.page_key)], title: str(r.page_title) || undefined },
      html: str(r.content),
      where: whereOf(name, id, lines.get(id)),
    };
  });
  return {
    format: 'artalk',
    source: `artalk:${[...sites].sort().join(',') || oldestId(entries) || name}`,
    entries,
    notes: [
      `Artalk 导出（Artrans）：${rows.length} 条评论${sites.size ? `，站点 ${[...sites].join('、')}` : ''}`,
    ],
  };
}
