import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { foldUsername } from '../../lib/names.ts';
import type { DB } from '../db/schema.ts';
import { hashPassword } from '../services/auth.ts';
import { ROUTE_NAMES } from '../services/site.ts';
import { ARTICLES } from './articles.ts';
import {
  ALBUMS,
  BACK_RESOURCES,
  BANGUMI,
  CATEGORIES,
  DEMO_USERS,
  FRONT_RESOURCES,
  LINKS,
  type LinkGroupSeed,
  MESSAGES,
  SITE_CONFIG,
  SITES,
  TAGS,
  TALKS,
  THREADS,
  type UserKey,
} from './content.ts';
import {
  avatarSvg,
  bannerSvg,
  coverSvg,
  createRandom,
  figureSvg,
  iconSvg,
  paperSvg,
  photoSvg,
  posterSvg,
  type Scene,
} from './images.ts';

export type SeedOptions = { adminId: number; uploadsDir: string; now?: Date };

const DAY = 24 * 3600 * 1000;
const DEMO_DIR = 'demo';
/** How long ago the demo site started: before any of its content. */
const SITE_AGE_DAYS = 230;

/**
 * Fills an empty database with the demo content of a developer's blog: people, articles, talks, albums,
 * links, guestbook, comments, bangumi, resources, page banners and the site config. The pictures are SVG
 * files written under `<uploadsDir>/demo/` first; all rows are then inserted in one transaction.
 */
export async function seedDemo(db: Kysely<DB>, opts: SeedOptions): Promise<void> {
  const now = opts.now ?? new Date();
  const jitter = createRandom('seed:time');
  /** An ISO time `days` before now, moved back by a deterministic few hours so rows do not line up. */
  const at = (days: number, extraMinutes = 0) =>
    new Date(now.getTime() - days * DAY - jitter.int(0, 600) * 60_000 + extraMinutes * 60_000).toISOString();
  const exact = (iso: string, plusMinutes: number) =>
    new Date(Math.min(now.getTime(), new Date(iso).getTime() + plusMinutes * 60_000)).toISOString();

  // ---- Pictures -------------------------------------------------------------------------------------
  const pictures = new Map<string, string>();
  const picture = (file: string, svgText: string) => {
    pictures.set(file, svgText);
    return `/uploads/${DEMO_DIR}/${file}`;
  };

  const adminAvatar = picture('avatar-admin.svg', avatarSvg('admin', '博'));
  const userAvatars = new Map(
    DEMO_USERS.map((u) => [
      u.username,
      picture(`avatar-${u.username}.svg`, avatarSvg(u.username, u.initial)),
    ]),
  );
  const blogAvatar = picture('blog-avatar.svg', avatarSvg('blog', '小'));
  const avatarBg = picture('avatar-bg.svg', photoSvg('avatar-bg', 'mountain'));

  const banners = ROUTE_NAMES.map((route) => ({
    route_name: route,
    bg_url: picture(`banner-${route.toLowerCase()}.svg`, bannerSvg(route)),
  }));

  const covers = new Map(
    ARTICLES.map((a) => [a.slug, picture(`cover-${a.slug}.svg`, coverSvg(a.slug, a.coverLabel))]),
  );
  for (const a of ARTICLES) {
    for (const f of a.figures) picture(`${f.file}.svg`, figureSvg(f.file, f.caption, f.steps));
  }

  const sceneCount = new Map<Scene, number>();
  const albumPhotos = ALBUMS.map((album) =>
    album.photos.map((scene) => {
      const n = (sceneCount.get(scene) ?? 0) + 1;
      sceneCount.set(scene, n);
      return picture(`photo-${scene}-${n}.svg`, photoSvg(`${scene}-${n}`, scene));
    }),
  );
  const talkPhotos = TALKS.map((talk, i) =>
    talk.photos.map((scene, j) => picture(`talk-${i + 1}-${j + 1}.svg`, photoSvg(`talk-${i}-${j}`, scene))),
  );
  const linkAvatars = LINKS.map((l, i) => picture(`link-${i + 1}.svg`, iconSvg(`link-${l.url}`, l.initial)));
  const groupIcons = (prefix: string, groups: readonly LinkGroupSeed[]) =>
    groups.map((g, gi) =>
      g.items.map((item, ii) =>
        picture(`${prefix}-${gi + 1}-${ii + 1}.svg`, iconSvg(`${prefix}-${item.url}`, item.initial)),
      ),
    );
  const frontIcons = groupIcons('front', FRONT_RESOURCES);
  const backIcons = groupIcons('back', BACK_RESOURCES);
  const siteIcons = groupIcons('site', SITES);
  const bangumiCovers = BANGUMI.map((b, i) => picture(`bangumi-${i + 1}.svg`, posterSvg(b.title, b.titleCn)));
  const messageBgs = MESSAGES.map((m, i) =>
    m.withBg ? picture(`message-bg-${i + 1}.svg`, paperSvg(`message-${i}`)) : '',
  );

  const dir = path.join(opts.uploadsDir, DEMO_DIR);
  await mkdir(dir, { recursive: true });
  await Promise.all([...pictures].map(([file, svgText]) => writeFile(path.join(dir, file), svgText)));

  // Nobody logs in as a demo user: each gets a long random password nobody knows.
  const passwords = await Promise.all(
    DEMO_USERS.map(() => hashPassword(randomBytes(24).toString('base64url'))),
  );

  // ---- Rows -----------------------------------------------------------------------------------------
  await db.transaction().execute(async (trx) => {
    const stamp = now.toISOString();
    await trx
      .updateTable('user')
      .set({ nick_name: '博主', avatar: adminAvatar, updatedAt: stamp })
      .where('id', '=', opts.adminId)
      .execute();

    const userIds = new Map<UserKey, number>([['admin', opts.adminId]]);
    const taken = new Set(
      (await trx.selectFrom('user').select('username').execute()).map((r) => foldUsername(r.username)),
    );
    for (const [i, u] of DEMO_USERS.entries()) {
      const created = at(200 - i * 35);
      // The admin may have picked one of these names: never collide with an existing account.
      const username = taken.has(foldUsername(u.username)) ? `${u.username.slice(0, 10)}_demo` : u.username;
      const row = await trx
        .insertInto('user')
        .values({
          username,
          username_key: foldUsername(username),
          password: passwords[i],
          nick_name: u.nickName,
          email: u.email,
          avatar: userAvatars.get(u.username) ?? '',
          qq: '',
          role: 2,
          ip: '127.0.0.1',
          createdAt: created,
          updatedAt: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.set(u.username, row.id);
    }
    const uid = (key: UserKey) => userIds.get(key) as number;

    await trx
      .updateTable('config')
      // The demo blog has run since before its oldest content (categories, 220 days): its 运行时间 says so.
      .set({
        ...SITE_CONFIG,
        blog_avatar: blogAvatar,
        avatar_bg: avatarBg,
        createdAt: at(SITE_AGE_DAYS),
        updatedAt: stamp,
      })
      .where('id', '=', 1)
      .execute();

    await trx.insertInto('page_header').values(banners).execute();

    // Taxonomy
    const categoryIds = new Map<string, number>();
    for (const [i, name] of CATEGORIES.entries()) {
      const created = at(220 - i * 5);
      const row = await trx
        .insertInto('category')
        .values({ category_name: name, createdAt: created, updatedAt: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      categoryIds.set(name, row.id);
    }
    const tagIds = new Map<string, number>();
    for (const [i, name] of TAGS.entries()) {
      const created = at(218 - i * 3);
      const row = await trx
        .insertInto('tag')
        .values({ tag_name: name, createdAt: created, updatedAt: created })
        .returning('id')
        .executeTakeFirstOrThrow();
      tagIds.set(name, row.id);
    }

    // Articles
    const articleIds = new Map<string, number>();
    const readRnd = createRandom('seed:reading');
    for (const a of ARTICLES) {
      const created = at(a.daysAgo);
      const row = await trx
        .insertInto('article')
        .values({
          slug: a.slug,
          article_title: a.title,
          author_id: opts.adminId,
          category_id: categoryIds.get(a.category) ?? null,
          article_content: a.content,
          article_cover: covers.get(a.slug) ?? '',
          article_description: a.description,
          is_top: a.isTop,
          order: a.order,
          status: a.status,
          type: a.type,
          origin_url: a.originUrl,
          view_times: a.views,
          thumbs_up_times: a.likes,
          reading_duration: a.views * readRnd.int(35, 110),
          createdAt: created,
          updatedAt: exact(created, readRnd.int(0, 3) * 24 * 60),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      articleIds.set(a.slug, row.id);
      await trx
        .insertInto('article_tag')
        .values(a.tags.map((t) => ({ article_id: row.id, tag_id: tagIds.get(t) as number })))
        .execute();
    }

    // Talks
    const talkIds: number[] = [];
    for (const [i, t] of TALKS.entries()) {
      const created = at(t.daysAgo);
      const row = await trx
        .insertInto('talk')
        .values({
          user_id: opts.adminId,
          content: t.content,
          status: 1,
          is_top: t.isTop,
          like_times: t.likes,
          createdAt: created,
          updatedAt: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      talkIds.push(row.id);
      if (talkPhotos[i].length > 0) {
        await trx
          .insertInto('talk_photo')
          .values(talkPhotos[i].map((url) => ({ talk_id: row.id, url })))
          .execute();
      }
    }

    // Albums
    for (const [i, album] of ALBUMS.entries()) {
      const created = at(album.daysAgo);
      const row = await trx
        .insertInto('photo_album')
        .values({
          album_name: album.name,
          description: album.description,
          album_cover: albumPhotos[i][0],
          createdAt: created,
          updatedAt: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('photo')
        .values(
          albumPhotos[i].map((url, j) => {
            const taken = exact(created, j * 37);
            return { album_id: row.id, url, createdAt: taken, updatedAt: taken };
          }),
        )
        .execute();
    }

    // Friend links
    let pendingLinkId = 0;
    for (const [i, l] of LINKS.entries()) {
      const created = at(l.daysAgo);
      const row = await trx
        .insertInto('link')
        .values({
          site_name: l.name,
          site_desc: l.desc,
          site_avatar: linkAvatars[i],
          url: l.url,
          status: l.status,
          user_id: l.user ? uid(l.user) : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (l.status === 1) pendingLinkId = row.id;
    }

    // Guestbook
    const messageIds: number[] = [];
    for (const [i, m] of MESSAGES.entries()) {
      const created = at(m.daysAgo);
      const row = await trx
        .insertInto('message')
        .values({
          message: m.message,
          tag: m.tag,
          color: m.color,
          font_size: m.fontSize,
          font_weight: m.fontWeight,
          bg_color: m.bgColor,
          bg_url: messageBgs[i],
          like_times: m.likes,
          nick_name: m.nickName,
          user_id: m.user ? uid(m.user) : null,
          createdAt: created,
          updatedAt: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      messageIds.push(row.id);
    }

    // Comments: a parent, then its replies pointing at it
    for (const thread of THREADS) {
      const target = thread.target;
      const forId =
        target.type === 1
          ? (articleIds.get(target.slug) as number)
          : target.type === 2
            ? talkIds[target.index]
            : messageIds[target.index];
      const created = at(thread.daysAgo);
      const parent = await trx
        .insertInto('comment')
        .values({
          type: target.type,
          for_id: forId,
          parent_id: null,
          from_id: uid(thread.from),
          to_id: null,
          content: thread.content,
          thumbs_up: thread.thumbs,
          ip: '127.0.0.1',
          ip_address: thread.region,
          createdAt: created,
          updatedAt: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [k, reply] of thread.replies.entries()) {
        const replied = exact(created, (k + 1) * 95);
        await trx
          .insertInto('comment')
          .values({
            type: target.type,
            for_id: forId,
            parent_id: parent.id,
            from_id: uid(reply.from),
            to_id: uid(reply.to),
            content: reply.content,
            thumbs_up: reply.thumbs,
            ip: '127.0.0.1',
            ip_address: reply.region,
            createdAt: replied,
            updatedAt: replied,
          })
          .execute();
      }
    }

    // A few likes by the demo users, within the counts above
    const pinned = ARTICLES.filter((a) => a.isTop === 1).map((a) => articleIds.get(a.slug) as number);
    const likes = DEMO_USERS.flatMap((u, i) =>
      [
        ...pinned.map((id) => ({ type: 1, for_id: id })),
        { type: 2, for_id: talkIds[0] },
        { type: 3, for_id: messageIds[(i + 1) % messageIds.length] },
      ].map((l) => ({ ...l, user_id: uid(u.username), ip: '127.0.0.1' })),
    );
    await trx
      .insertInto('like')
      .values(likes.map((l, i) => ({ ...l, createdAt: at(2 + (i % 20)) })))
      .execute();

    // Notifications for the admin
    const astro = ARTICLES[1];
    await trx
      .insertInto('notify')
      .values([
        {
          user_id: opts.adminId,
          type: 1,
          to_id: articleIds.get(astro.slug) as number,
          message: `<b>林间小鹿</b> 评论了你的文章《${astro.title}》`,
          isView: 1,
          createdAt: at(4),
        },
        {
          user_id: opts.adminId,
          type: 2,
          to_id: talkIds[1],
          message: '<b>秋雨</b> 评论了你的说说',
          isView: 2,
          createdAt: at(8),
        },
        {
          user_id: opts.adminId,
          type: 3,
          to_id: messageIds[2],
          message: '<b>代码猫</b> 在留言板给你留言了',
          isView: 2,
          createdAt: at(9),
        },
        {
          user_id: opts.adminId,
          type: 4,
          to_id: pendingLinkId,
          message: '<b>代码猫</b> 申请了友链「代码猫的笔记本」，等待审核',
          isView: 1,
          createdAt: at(2),
        },
      ])
      .execute();

    // Bangumi
    await trx
      .insertInto('bangumi')
      .values(
        BANGUMI.map((b, i) => {
          const created = at(b.daysAgo);
          return {
            title: b.title,
            title_cn: b.titleCn,
            cover: bangumiCovers[i],
            status: b.status,
            progress: b.progress,
            total_episodes: b.total,
            score: b.score,
            summary: b.summary,
            url: `https://bangumi.tv/subject_search/${encodeURIComponent(b.titleCn)}?cat=2`,
            createdAt: created,
            updatedAt: created,
          };
        }),
      )
      .execute();

    // Resource navigation and site list
    const resourceRows = (kind: string, groups: readonly LinkGroupSeed[], icons: string[][]) =>
      groups.flatMap((g, gi) =>
        g.items.map((item, ii) => ({
          kind,
          category: g.category,
          name: item.name,
          desc: item.desc,
          url: item.url,
          icon: icons[gi][ii],
          order: gi * 10 + ii,
        })),
      );
    await trx
      .insertInto('resource')
      .values([
        ...resourceRows('front', FRONT_RESOURCES, frontIcons),
        ...resourceRows('back', BACK_RESOURCES, backIcons),
      ])
      .execute();
    await trx
      .insertInto('site')
      .values(resourceRows('site', SITES, siteIcons).map(({ kind: _kind, ...row }) => row))
      .execute();
  });
}
