import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { linesOfIds } from '../source-lines.ts';
import { type CommentSource, type Entry, whereOf } from './plan.ts';
import { toIso } from './text.ts';

/**
 * Disqus's export (Admin → Moderation/Community → Export, mailed as a .xml.gz,
 * docs/owner-guide.md#导入与导出; schema http://disqus.com/api/schemas/1.0/disqus.xsd): under
 * `<disqus xmlns="http://disqus.com">`, `<category>`s, then `<thread dsq:id>`s (the page: `link`, its
 * `title`, `id` the identifier the site gave), then `<post dsq:id>`s: `message` (HTML, in CDATA),
 * `createdAt`, `isDeleted`, `isSpam`, `author` (`name`, `email`, `username`), `ipAddress`,
 * `<thread dsq:id>` and, for a reply, `<parent dsq:id>`. Disqus keeps no likes in it.
 */

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: true,
  isArray: (_name, jpath) => ['disqus.category', 'disqus.thread', 'disqus.post'].includes(String(jpath)),
});

const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v).trim();
};
const dsqId = (v: unknown) => (v && typeof v === 'object' ? text((v as Node)['@_dsq:id']) : '');
const yes = (v: unknown) => text(v).toLowerCase() === 'true';

export function disqusSource(xml: string, name: string): CommentSource {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`${name} 第 ${valid.err.line} 行：XML 格式错误（${valid.err.msg}）`);
  const root = (parser.parse(xml) as Node).disqus as Node | undefined;
  if (!root || typeof root !== 'object') throw new Error(`${name}：不是 Disqus 导出文件（没有 disqus 元素）`);
  const threads = new Map<string, Node>();
  for (const t of (root.thread ?? []) as Node[]) threads.set(dsqId(t), t);
  const posts = (root.post ?? []) as Node[];
  const lines = linesOfIds(xml, /<post\b[^>]*\bdsq:id\s*=\s*"([^"]*)"/g);
  const forum = text(((root.category ?? []) as Node[])[0]?.forum) || text([...threads.values()][0]?.forum);
  const entries: Entry[] = posts.map((p, i) => {
    const id = dsqId(p) || `#${i + 1}`;
    const threadId = dsqId(p.thread);
    const thread = threads.get(threadId);
    const author = (p.author ?? {}) as Node;
    return {
      id,
      parent: dsqId(p.parent) || undefined,
      nick: text(author.name) || text(author.username),
      mail: text(author.email),
      link: '',
      ip: text(p.ipAddress),
      ua: '',
      createdAt: toIso(text(p.createdAt)),
      state: yes(p.isSpam) ? 'spam' : 'published',
      likes: 0,
      page: {
        addresses: thread ? [text(thread.link), text(thread.id)].filter(Boolean) : [],
        title: text(thread?.title) || undefined,
      },
      html: text(p.message),
      where: whereOf(name, id, lines.get(id)),
      skip: yes(p.isDeleted)
        ? '已删除的评论（Disqus isDeleted）不导入，它的回复接到它回复的评论下'
        : undefined,
      error: thread ? undefined : `找不到评论所在的 thread ${threadId || '（没有）'}`,
    };
  });
  return {
    format: 'disqus',
    source: `disqus:${forum || name}`,
    entries,
    notes: [`Disqus 导出：${threads.size} 个页面，${posts.length} 条评论`],
  };
}
