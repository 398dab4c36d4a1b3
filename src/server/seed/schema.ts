import YAML from 'yaml';
import { z } from 'zod';

/**
 * The shape of content/demo/site.yaml, the demo content other than the articles. Checked in full before
 * anything is written, so a mistyped entry stops the seed with the entry's place in the file
 * (`talks 第 3 条 → likes：…`) instead of a half-seeded site.
 */

const SCENES = ['mountain', 'sea', 'city', 'forest'] as const;
const scene = z.enum(SCENES);
const text = z.string().trim().min(1);
const days = z.number().int().min(0).max(3650);
const count = z.number().int().min(0);
const url = z.url({ protocol: /^https?$/ });
/** 'admin' or the username of a demo user (checked against `users` below). */
const userKey = z.string().min(1);
/** A talk, message or friend link by its place in its list, counting from 1. */
const nth = z.number().int().min(1);

const target = z.union([
  z.strictObject({ article: text }),
  z.strictObject({ talk: nth }),
  z.strictObject({ message: nth }),
]);

const group = z.strictObject({
  category: text,
  items: z.array(z.strictObject({ name: text, desc: text, url, initial: text })).min(1),
});

const demoSchema = z
  .strictObject({
    site: z.strictObject({
      blog_name: text,
      personal_say: z.string(),
      blog_notice: z.string(),
      qq_link: z.string(),
      we_chat_link: z.string(),
      github_link: z.string(),
      git_ee_link: z.string(),
      bilibili_link: z.string(),
      we_chat_group: z.string(),
      qq_group: z.string(),
      we_chat_pay: z.string(),
      ali_pay: z.string(),
      admin_url: z.string(),
      icp_number: z.string(),
      view_time: count,
      avatar_initial: text,
      started_days_ago: days,
    }),
    admin: z.strictObject({ nick_name: text, initial: text }),
    users: z.array(
      z.strictObject({
        username: z.string().regex(/^[A-Za-z0-9_]{2,16}$/),
        nick_name: text,
        initial: text,
        email: z.email(),
      }),
    ),
    categories: z.array(text),
    tags: z.array(text),
    /** Keyed by slug: what only the demo has (the article itself is a Markdown file). */
    articles: z.record(
      z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
      z.strictObject({
        days_ago: days,
        views: count,
        likes: count,
        order: count.optional(),
        cover_label: text,
      }),
    ),
    figures: z.array(
      z.strictObject({ file: z.string().regex(/^[\w-]+$/), caption: text, steps: z.array(text) }),
    ),
    talks: z.array(
      z.strictObject({
        content: text,
        days_ago: days,
        likes: count,
        top: z.boolean().optional(),
        photos: z.array(scene).max(9),
      }),
    ),
    albums: z.array(
      z.strictObject({ name: text, description: z.string(), days_ago: days, photos: z.array(scene).min(1) }),
    ),
    links: z.array(
      z.strictObject({
        name: text,
        desc: text,
        initial: text,
        url,
        pending: z.boolean().optional(),
        user: userKey.nullable(),
        days_ago: days,
      }),
    ),
    messages: z.array(
      z.strictObject({
        message: text,
        tag: text,
        color: text,
        font_size: z.number().int().min(12).max(24),
        font_weight: z.union([z.literal(400), z.literal(500), z.literal(700)]),
        bg_color: text,
        paper: z.boolean().optional(),
        likes: count,
        nick_name: text,
        user: userKey.nullable(),
        days_ago: days,
      }),
    ),
    comments: z.array(
      z.strictObject({
        on: target,
        from: userKey,
        content: text,
        thumbs: count,
        region: text,
        days_ago: days,
        replies: z.array(
          z.strictObject({ from: userKey, to: userKey, content: text, thumbs: count, region: text }),
        ),
      }),
    ),
    likes: z.array(z.strictObject({ user: userKey, on: target })),
    notifications: z.array(
      z.strictObject({
        on: z.union([target, z.strictObject({ link: nth })]),
        message: text,
        read: z.boolean().optional(),
        days_ago: days,
      }),
    ),
    bangumi: z.array(
      z.strictObject({
        title: text,
        title_cn: text,
        status: z.enum(['want', 'watching', 'watched']),
        progress: count,
        total: z.number().int().min(1),
        score: z.number().min(0).max(10),
        summary: text,
        days_ago: days,
      }),
    ),
    front_resources: z.array(group),
    back_resources: z.array(group),
    site_list: z.array(group),
  })
  .superRefine((demo, ctx) => {
    // What the entries point at must exist: a user, an article slug, the n-th talk / message / link.
    const users = new Set(['admin', ...demo.users.map((u) => u.username)]);
    const lists = { talk: demo.talks.length, message: demo.messages.length, link: demo.links.length };
    const user = (key: string | null, path: PropertyKey[]) => {
      if (key !== null && !users.has(key))
        ctx.addIssue({ code: 'custom', path, message: `没有这个用户：${key}` });
    };
    const on = (t: Record<string, string | number>, path: PropertyKey[]) => {
      for (const [kind, ref] of Object.entries(t)) {
        if (kind === 'article' && !Object.hasOwn(demo.articles, ref))
          ctx.addIssue({ code: 'custom', path, message: `没有这篇文章：${ref}` });
        if (kind in lists && Number(ref) > lists[kind as keyof typeof lists])
          ctx.addIssue({
            code: 'custom',
            path,
            message: `${kind} 只有 ${lists[kind as keyof typeof lists]} 条`,
          });
      }
    };
    for (const [i, l] of demo.links.entries()) user(l.user, ['links', i, 'user']);
    for (const [i, m] of demo.messages.entries()) user(m.user, ['messages', i, 'user']);
    for (const [i, c] of demo.comments.entries()) {
      on(c.on, ['comments', i, 'on']);
      user(c.from, ['comments', i, 'from']);
      for (const [j, r] of c.replies.entries()) {
        user(r.from, ['comments', i, 'replies', j, 'from']);
        user(r.to, ['comments', i, 'replies', j, 'to']);
      }
    }
    for (const [i, l] of demo.likes.entries()) {
      user(l.user, ['likes', i, 'user']);
      on(l.on, ['likes', i, 'on']);
    }
    for (const [i, n] of demo.notifications.entries()) on(n.on, ['notifications', i, 'on']);
    for (const [i, b] of demo.bangumi.entries())
      if (b.progress > b.total)
        ctx.addIssue({ code: 'custom', path: ['bangumi', i, 'progress'], message: '看到的集数超过了总集数' });
  });

export type Demo = z.infer<typeof demoSchema>;
export type Target = Demo['notifications'][number]['on'];
export type LinkGroup = Demo['site_list'][number];
export type Scene = (typeof SCENES)[number];

export class DemoContentError extends Error {
  override name = 'DemoContentError';
}

/** `talks.2.likes` → `talks 第 3 条 → likes`, with the entry's own name when it has one. */
function where(path: readonly PropertyKey[], data: unknown): string {
  const parts: string[] = [];
  let node: unknown = data;
  for (const key of path) {
    if (typeof key === 'number') {
      const entry = Array.isArray(node) ? node[key] : undefined;
      const label =
        entry && typeof entry === 'object'
          ? ['name', 'title_cn', 'username', 'category', 'file', 'content', 'message']
              .map((k) => (entry as Record<string, unknown>)[k])
              .find((v): v is string => typeof v === 'string')
          : undefined;
      const short = label && label.length > 16 ? `${label.slice(0, 16)}…` : label;
      parts[parts.length - 1] += ` 第 ${key + 1} 条${short ? `（${short}）` : ''}`;
    } else parts.push(String(key));
    node = node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return parts.join(' → ') || '（整个文件）';
}

/** Parses and checks the YAML text; throws a DemoContentError listing every bad entry. */
export function parseDemo(source: string, file = 'site.yaml'): Demo {
  let data: unknown;
  try {
    data = YAML.parse(source);
  } catch (err) {
    throw new DemoContentError(`${file} 不是合格的 YAML：${err instanceof Error ? err.message : err}`);
  }
  const res = demoSchema.safeParse(data, { error: z.locales.zhCN().localeError });
  if (res.success) return res.data;
  const lines = res.error.issues.map((i) => `- ${where(i.path, data)}：${i.message}`);
  throw new DemoContentError(`${file} 有 ${lines.length} 处不对：\n${lines.join('\n')}`);
}
