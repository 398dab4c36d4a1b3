import { foldUsername } from '../../../lib/names.ts';
import { slugify } from '../../../lib/slug.ts';
import type { Db } from '../articles/db.ts';
import { numberedSlug } from '../articles/write.ts';
import { connectMysql, type MysqlReach, parseMysqlUrl } from './mysql-connect.ts';
import { categoryId, guestUser, ownerId, syncSequences, tagId } from './rows.ts';
import type { Item, Plan, Writer } from './types.ts';
import { Relinker } from './uploads.ts';

/**
 * The original project's MySQL database (docs/owner-guide.md#导入与导出): every table of it, with ids
 * kept where they are free here; picture addresses copied from the folder given (its `/upload/`)
 * or kept; users keep their bcrypt hashes, replaced by argon2id at their first sign-in
 * (services/auth.ts).
 */

type Row = Record<string, unknown>;

const TABLES = [
  'blog_user',
  'blog_category',
  'blog_tag',
  'blog_article',
  'blog_article_tag',
  'blog_talk',
  'blog_talk_photo',
  'blog_photo_album',
  'blog_photo',
  'blog_message',
  'blog_comment',
  'blog_like',
  'blog_links',
  'blog_header',
  'blog_config',
  'blog_notify',
  'blog_chat',
  'blog_recommend',
] as const;

const s = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const n = (v: unknown, fallback = 0) => (v === null || v === undefined || v === '' ? fallback : Number(v));
/** The original wrote the server's local time (China) without a zone. */
const time = (v: unknown) => {
  const t = Date.parse(`${s(v).replace(' ', 'T')}+08:00`);
  return Number.isNaN(t) ? new Date().toISOString() : new Date(t).toISOString();
};
const stamps = (r: Row) => ({ createdAt: time(r.createdAt), updatedAt: time(r.updatedAt) });

/** Inserts with the source's id when no row here has it, else with a new one; returns the id. */
async function insertKeeping(trx: Db, table: string, id: number, values: Row): Promise<number> {
  const t = table as 'article';
  const taken = await trx.selectFrom(t).select('id').where('id', '=', id).executeTakeFirst();
  const row = await trx
    .insertInto(t)
    .values((taken ? values : { ...values, id }) as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A thing's kind in import_source by the original's `type` (1 article, 2 talk, 3 message, 4 comment). */
const THING_KIND = ['', 'article', 'talk', 'message', 'comment'];

async function need(w: Writer, kind: string, id: unknown, what: string): Promise<number> {
  const found = await w.idOf(kind, s(id));
  if (found === undefined) throw new Error(`${what} ${s(id)} 没有导入`);
  return found;
}

export async function mysqlPlan(url: string, uploadsDir?: string, reach?: MysqlReach): Promise<Plan> {
  const address = parseMysqlUrl(url);
  if (!address.database)
    throw new Error(
      `${address.shown.replace(/\/$/, '')}：地址里缺少数据库名（mysql://用户:密码@主机/online_blog）`,
    );
  const shown = address.shown;
  const conn = await connectMysql(address, reach, { dateStrings: true });
  const rows: Record<string, Row[]> = {};
  try {
    const [present] = await conn.query('SHOW TABLES');
    const names = new Set((present as Row[]).map((r) => s(Object.values(r)[0])));
    if (!names.has('blog_article') || !names.has('blog_user'))
      throw new Error(`${shown} 不是原项目的数据库（没有 blog_article、blog_user 表）`);
    for (const table of TABLES)
      rows[table] = names.has(table)
        ? ((await conn.query(`SELECT * FROM ${table} ORDER BY id`))[0] as Row[])
        : [];
  } finally {
    await conn.end();
  }
  const source = `mysql:${shown}`;
  const relink = new Relinker(source, uploadsDir, '/upload/');
  const pic = async (trx: Db, url: unknown) => {
    relink.trx = trx;
    return relink.url(s(url));
  };
  const items: Item[] = [];
  const add = (kind: string, table: string, r: Row, label: string, write: (w: Writer) => Promise<number>) =>
    items.push({ kind, sourceId: s(r.id), label, where: `${shown} 表 ${table} id=${s(r.id)}`, write });

  for (const r of rows.blog_user)
    items.push({
      kind: 'user',
      sourceId: s(r.id),
      label: ` ${s(r.username)}`,
      where: `${shown} 表 blog_user id=${s(r.id)}`,
      // The same name here is the same person (the blogger's own admin account): kept as it is.
      write: async ({ trx }) => {
        const username = s(r.username);
        const same = await trx
          .selectFrom('user')
          .select('id')
          .where((eb) =>
            eb.or([eb('username', '=', username), eb('username_key', '=', foldUsername(username))]),
          )
          .executeTakeFirst();
        if (same) return same.id;
        return insertKeeping(trx, 'user', n(r.id), {
          username,
          username_key: foldUsername(username),
          password: s(r.password),
          nick_name: s(r.nick_name) || username,
          email: '',
          avatar: await pic(trx, r.avatar),
          qq: s(r.qq),
          role: n(r.role, 2) === 1 ? 1 : 2,
          ip: '',
          ...stamps(r),
        });
      },
    });
  for (const r of rows.blog_category)
    add('category', 'blog_category', r, ` ${s(r.category_name)}`, ({ trx }) =>
      categoryId(trx, s(r.category_name)),
    );
  for (const r of rows.blog_tag)
    add('tag', 'blog_tag', r, ` ${s(r.tag_name)}`, ({ trx }) => tagId(trx, s(r.tag_name)));
  const tagsOf = new Map<string, unknown[]>();
  for (const t of rows.blog_article_tag)
    tagsOf.set(s(t.article_id), [...(tagsOf.get(s(t.article_id)) ?? []), t.tag_id]);
  for (const r of rows.blog_article)
    add('article', 'blog_article', r, `《${s(r.article_title)}》`, async (w) => {
      const { trx } = w;
      const author = (await w.idOf('user', s(r.author_id))) ?? (await ownerId(trx));
      const slug = await numberedSlug(trx, slugify(s(r.article_title)) || `post-${s(r.id)}`);
      relink.trx = trx;
      const id = await insertKeeping(trx, 'article', n(r.id), {
        slug,
        article_title: s(r.article_title),
        author_id: author,
        category_id: r.category_id === null ? null : ((await w.idOf('category', s(r.category_id))) ?? null),
        article_content: await relink.markdown(s(r.article_content)),
        article_cover: await pic(trx, r.article_cover),
        article_description: s(r.article_description),
        is_top: n(r.is_top, 2) === 1 ? 1 : 2,
        order: n(r.order),
        status: [1, 2, 3].includes(n(r.status)) ? n(r.status) : 1,
        type: [1, 2, 3].includes(n(r.type)) ? n(r.type) : 1,
        origin_url: s(r.origin_url),
        view_times: n(r.view_times),
        thumbs_up_times: n(r.thumbs_up_times),
        // The original counted milliseconds; this site keeps whole seconds.
        reading_duration: Math.round(n(r.reading_duration) / 1000),
        ...stamps(r),
      });
      for (const t of tagsOf.get(s(r.id)) ?? []) {
        const tag = await w.idOf('tag', s(t));
        if (tag) await trx.insertInto('article_tag').values({ article_id: id, tag_id: tag }).execute();
      }
      return id;
    });
  const photosOf = new Map<string, Row[]>();
  for (const p of rows.blog_talk_photo)
    photosOf.set(s(p.talk_id), [...(photosOf.get(s(p.talk_id)) ?? []), p]);
  for (const r of rows.blog_talk)
    add('talk', 'blog_talk', r, ` ${s(r.content).slice(0, 20)}`, async (w) => {
      const id = await insertKeeping(w.trx, 'talk', n(r.id), {
        user_id: (await w.idOf('user', s(r.user_id))) ?? (await ownerId(w.trx)),
        content: s(r.content),
        status: [1, 2, 3].includes(n(r.status)) ? n(r.status) : 1,
        is_top: n(r.is_top, 2) === 1 ? 1 : 2,
        like_times: n(r.like_times),
        ...stamps(r),
      });
      for (const p of photosOf.get(s(r.id)) ?? [])
        await w.trx
          .insertInto('talk_photo')
          .values({ talk_id: id, url: await pic(w.trx, p.url) })
          .execute();
      return id;
    });
  for (const r of rows.blog_photo_album)
    add('album', 'blog_photo_album', r, ` ${s(r.album_name)}`, async ({ trx }) =>
      insertKeeping(trx, 'photo_album', n(r.id), {
        album_name: s(r.album_name),
        description: s(r.description),
        album_cover: await pic(trx, r.album_cover),
        ...stamps(r),
      }),
    );
  for (const r of rows.blog_photo)
    add('photo', 'blog_photo', r, ` ${s(r.url).split('/').pop()}`, async (w) =>
      insertKeeping(w.trx, 'photo', n(r.id), {
        album_id: await need(w, 'album', r.album_id, '相册'),
        url: await pic(w.trx, r.url),
        status: n(r.status, 1) === 2 ? 2 : 1,
        ...stamps(r),
      }),
    );
  for (const r of rows.blog_message)
    add('message', 'blog_message', r, ` ${s(r.message).slice(0, 20)}`, async (w) =>
      insertKeeping(w.trx, 'message', n(r.id), {
        message: s(r.message),
        tag: s(r.tag),
        color: s(r.color) || '#676767',
        font_size: n(r.font_size, 12),
        font_weight: n(r.font_weight, 500),
        bg_color: s(r.bg_color),
        bg_url: await pic(w.trx, r.bg_url),
        like_times: n(r.like_times),
        nick_name: s(r.nick_name),
        user_id: r.user_id === null ? null : ((await w.idOf('user', s(r.user_id))) ?? null),
        ...stamps(r),
      }),
    );
  // Parents before replies: a reply's parent has a smaller id in the original, as rows are in id order.
  for (const r of rows.blog_comment)
    add('comment', 'blog_comment', r, ` ${s(r.from_name)}：${s(r.content).slice(0, 20)}`, async (w) => {
      const kind = THING_KIND[n(r.type)];
      if (!kind || kind === 'comment') throw new Error(`未知的评论类型 ${s(r.type)}`);
      const from = (await w.idOf('user', s(r.from_id))) ?? (await guestUser(w.trx, s(r.from_name), ''));
      return insertKeeping(w.trx, 'comment', n(r.id), {
        type: n(r.type),
        for_id: await need(w, kind, r.for_id, '评论的对象'),
        parent_id: r.parent_id === null ? null : await need(w, 'comment', r.parent_id, '上级评论'),
        from_id: from,
        to_id: r.to_id === null ? null : ((await w.idOf('user', s(r.to_id))) ?? null),
        content: s(r.content),
        thumbs_up: n(r.thumbs_up),
        ip: s(r.ip),
        ip_address: '',
        ...stamps(r),
      });
    });
  for (const r of rows.blog_like)
    add('like', 'blog_like', r, ` ${s(r.type)}/${s(r.for_id)}`, async (w) => {
      const kind = THING_KIND[n(r.type)];
      if (!kind) throw new Error(`未知的点赞类型 ${s(r.type)}`);
      return insertKeeping(w.trx, 'like', n(r.id), {
        type: n(r.type),
        for_id: await need(w, kind, r.for_id, '点赞的对象'),
        user_id: r.user_id === null ? null : ((await w.idOf('user', s(r.user_id))) ?? null),
        ip: s(r.ip),
        createdAt: time(r.createdAt),
      });
    });
  for (const r of rows.blog_links)
    add('link', 'blog_links', r, ` ${s(r.site_name)}`, async (w) =>
      insertKeeping(w.trx, 'link', n(r.id), {
        site_name: s(r.site_name),
        site_desc: s(r.site_desc),
        site_avatar: await pic(w.trx, r.site_avatar),
        url: s(r.url),
        status: n(r.status, 1) === 2 ? 2 : 1,
        user_id: s(r.user_id) ? ((await w.idOf('user', s(r.user_id))) ?? null) : null,
        checkedAt: null,
        okAt: null,
        downAt: null,
        ...stamps(r),
      }),
    );
  for (const r of rows.blog_header)
    add('header', 'blog_header', r, ` ${s(r.route_name)}`, async ({ trx }) => {
      const bg = await pic(trx, r.bg_url);
      const same = await trx
        .selectFrom('page_header')
        .select('id')
        .where('route_name', '=', s(r.route_name))
        .executeTakeFirst();
      if (same) {
        await trx.updateTable('page_header').set({ bg_url: bg }).where('id', '=', same.id).execute();
        return same.id;
      }
      return insertKeeping(trx, 'page_header', n(r.id), { route_name: s(r.route_name), bg_url: bg });
    });
  for (const r of rows.blog_config.slice(0, 1))
    add('config', 'blog_config', r, ` ${s(r.blog_name)}`, async ({ trx }) => {
      const text = ['blog_name', 'personal_say', 'blog_notice', 'qq_link', 'we_chat_link', 'github_link'];
      const more = ['git_ee_link', 'bilibili_link', 'we_chat_group', 'qq_group'];
      const values: Row = Object.fromEntries([...text, ...more].map((k) => [k, s(r[k])]));
      for (const k of ['blog_avatar', 'avatar_bg', 'we_chat_pay', 'ali_pay'])
        values[k] = await pic(trx, r[k]);
      values.view_time = n(r.view_time);
      values.createdAt = time(r.createdAt);
      await trx.updateTable('config').set(values).where('id', '=', 1).execute();
      return 1;
    });
  const notifyKind = ['', 'article', 'talk', 'message', 'link'];
  for (const r of rows.blog_notify)
    add('notify', 'blog_notify', r, ` ${s(r.message).slice(0, 20)}`, async (w) =>
      insertKeeping(w.trx, 'notify', n(r.id), {
        user_id: await need(w, 'user', r.user_id, '用户'),
        type: n(r.type),
        to_id: (await w.idOf(notifyKind[n(r.type)] ?? '', s(r.to_id))) ?? n(r.to_id),
        message: s(r.message),
        isView: n(r.isView, 1) === 2 ? 2 : 1,
        createdAt: time(r.createdAt),
      }),
    );
  for (const r of rows.blog_chat)
    add('chat', 'blog_chat', r, ` ${s(r.content).slice(0, 20)}`, async (w) => {
      const image = s(r.content_type) === 'img' || s(r.content_type) === 'image';
      return insertKeeping(w.trx, 'chat', n(r.id), {
        user_id: await need(w, 'user', r.user_id, '用户'),
        content: image ? await pic(w.trx, r.content) : s(r.content),
        content_type: image ? 'image' : 'text',
        createdAt: time(r.createdAt),
      });
    });
  for (const r of rows.blog_recommend)
    add('site', 'blog_recommend', r, ` ${s(r.title)}`, async ({ trx }) =>
      insertKeeping(trx, 'site', n(r.id), {
        category: '推荐',
        name: s(r.title),
        desc: '',
        url: s(r.link),
        icon: '',
        order: 0,
      }),
    );
  const notes = [
    `数据库：${shown}（${TABLES.map((t) => `${t} ${rows[t].length}`).join('，')}）`,
    uploadsDir
      ? `图片从 ${uploadsDir} 复制（原地址中 /upload/ 之后的部分），找不到的保留原地址`
      : '没有给出图片文件夹：图片保留原来的地址（可用 --uploads <文件夹> 复制原服务器的 upload 文件夹）',
    '用户保留原来的 bcrypt 密码，第一次登录时换成本站的 argon2id',
  ];
  return {
    format: 'mysql',
    source,
    items,
    notes,
    finish: () =>
      syncSequences([
        'user',
        'article',
        'talk',
        'photo_album',
        'photo',
        'message',
        'comment',
        'like',
        'link',
        'page_header',
        'notify',
        'chat',
        'site',
      ]),
  };
}
