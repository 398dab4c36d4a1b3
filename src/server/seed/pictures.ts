import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROUTE_NAMES } from '../services/site.ts';
import type { SeedContext } from './context.ts';
import {
  avatarSvg,
  bannerSvg,
  coverSvg,
  figureSvg,
  iconSvg,
  paperSvg,
  photoSvg,
  posterSvg,
} from './images.ts';
import type { Demo, LinkGroup, Scene } from './schema.ts';

/** Generated pictures live under `<uploads>/demo/`, served as /uploads/demo/<file>. */
const DEMO_DIR = 'demo';

/** The URL of every generated picture the rows refer to. */
export type DemoPictures = ReturnType<typeof drawPictures>['urls'];

/**
 * Draws every demo picture (deterministic SVG, see images.ts) and names it; nothing is written here.
 * Article covers are `cover-<slug>.svg` and figures `<file>.svg`: the Markdown files refer to them by
 * those names.
 */
export function drawPictures(demo: Demo) {
  const files = new Map<string, string>();
  const picture = (file: string, svgText: string) => {
    files.set(file, svgText);
    return `/uploads/${DEMO_DIR}/${file}`;
  };

  const adminAvatar = picture('avatar-admin.svg', avatarSvg('admin', demo.admin.initial));
  const userAvatars = new Map(
    demo.users.map((u) => [
      u.username,
      picture(`avatar-${u.username}.svg`, avatarSvg(u.username, u.initial)),
    ]),
  );
  const blogAvatar = picture('blog-avatar.svg', avatarSvg('blog', demo.site.avatar_initial));
  const avatarBg = picture('avatar-bg.svg', photoSvg('avatar-bg', 'mountain'));
  const banners = ROUTE_NAMES.map((route) => ({
    route_name: route,
    bg_url: picture(`banner-${route.toLowerCase()}.svg`, bannerSvg(route)),
  }));
  for (const [slug, a] of Object.entries(demo.articles))
    picture(`cover-${slug}.svg`, coverSvg(slug, a.cover_label));
  for (const f of demo.figures) picture(`${f.file}.svg`, figureSvg(f.file, f.caption, f.steps));

  // Album photos are numbered per scene across all albums (photo-sea-2.svg is the second sea).
  const sceneCount = new Map<Scene, number>();
  const albumPhotos = demo.albums.map((album) =>
    album.photos.map((scene) => {
      const n = (sceneCount.get(scene) ?? 0) + 1;
      sceneCount.set(scene, n);
      return picture(`photo-${scene}-${n}.svg`, photoSvg(`${scene}-${n}`, scene));
    }),
  );
  const talkPhotos = demo.talks.map((talk, i) =>
    talk.photos.map((scene, j) => picture(`talk-${i + 1}-${j + 1}.svg`, photoSvg(`talk-${i}-${j}`, scene))),
  );
  const linkAvatars = demo.links.map((l, i) =>
    picture(`link-${i + 1}.svg`, iconSvg(`link-${l.url}`, l.initial)),
  );
  const groupIcons = (prefix: string, groups: readonly LinkGroup[]) =>
    groups.map((g, gi) =>
      g.items.map((item, ii) =>
        picture(`${prefix}-${gi + 1}-${ii + 1}.svg`, iconSvg(`${prefix}-${item.url}`, item.initial)),
      ),
    );
  const frontIcons = groupIcons('front', demo.front_resources);
  const backIcons = groupIcons('back', demo.back_resources);
  const siteIcons = groupIcons('site', demo.site_list);
  const bangumiCovers = demo.bangumi.map((b, i) =>
    picture(`bangumi-${i + 1}.svg`, posterSvg(b.title, b.title_cn)),
  );
  const messageBgs = demo.messages.map((m, i) =>
    m.paper ? picture(`message-bg-${i + 1}.svg`, paperSvg(`message-${i}`)) : '',
  );

  return {
    files,
    urls: {
      adminAvatar,
      userAvatars,
      blogAvatar,
      avatarBg,
      banners,
      albumPhotos,
      talkPhotos,
      linkAvatars,
      frontIcons,
      backIcons,
      siteIcons,
      bangumiCovers,
      messageBgs,
    },
  };
}

/** Step: draw the pictures and write them under <uploads>/demo/ before any row refers to them. */
export async function writePictures(ctx: SeedContext): Promise<void> {
  const { files, urls } = drawPictures(ctx.demo);
  const dir = path.join(ctx.uploadsDir, DEMO_DIR);
  await mkdir(dir, { recursive: true });
  await Promise.all([...files].map(([file, svgText]) => writeFile(path.join(dir, file), svgText)));
  ctx.pictures = urls;
}
