import { db } from '../../db/connection.ts';
import { picturesOf, type SeedContext } from '../context.ts';
import type { LinkGroup } from '../schema.ts';

// Bangumi, the resource navigation and the site list: the owner edits them through the admin routes
// (services/bangumi-admin.ts, catalog-admin.ts); the demo writes its rows directly, dates and all.

const BANGUMI_STATUS = { want: 1, watching: 2, watched: 3 } as const;

/** Step: the anime list. */
export async function seedBangumi(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  const rows = ctx.demo.bangumi.map((b, i) => {
    const created = ctx.clock.at(b.days_ago);
    return {
      title: b.title,
      title_cn: b.title_cn,
      cover: pictures.bangumiCovers[i],
      status: BANGUMI_STATUS[b.status],
      progress: b.progress,
      total_episodes: b.total,
      score: b.score,
      summary: b.summary,
      url: `https://bangumi.tv/subject_search/${encodeURIComponent(b.title_cn)}?cat=2`,
      createdAt: created,
      updatedAt: created,
    };
  });
  if (rows.length) await db.insertInto('bangumi').values(rows).execute();
}

const cards = (groups: readonly LinkGroup[], icons: string[][]) =>
  groups.flatMap((g, gi) =>
    g.items.map((item, ii) => ({
      category: g.category,
      name: item.name,
      desc: item.desc,
      url: item.url,
      icon: icons[gi][ii],
      order: gi * 10 + ii,
    })),
  );

/** Step: the front-end and back-end resource navigation, and the site list. */
export async function seedResources(ctx: SeedContext): Promise<void> {
  const pictures = picturesOf(ctx);
  const resources = [
    ...cards(ctx.demo.front_resources, pictures.frontIcons).map((c) => ({ kind: 'front', ...c })),
    ...cards(ctx.demo.back_resources, pictures.backIcons).map((c) => ({ kind: 'back', ...c })),
  ];
  if (resources.length) await db.insertInto('resource').values(resources).execute();
  const sites = cards(ctx.demo.site_list, pictures.siteIcons);
  if (sites.length) await db.insertInto('site').values(sites).execute();
}
