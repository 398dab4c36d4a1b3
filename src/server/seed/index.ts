import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoClock, type SeedContext, type SeedOptions } from './context.ts';
import { writePictures } from './pictures.ts';
import { parseDemo } from './schema.ts';
import { seedArticleHistory, seedArticles, seedTaxonomy } from './steps/articles.ts';
import { seedBangumi, seedResources } from './steps/catalogue.ts';
import {
  seedAlbums,
  seedComments,
  seedLikes,
  seedLinks,
  seedMessages,
  seedNotifications,
  seedTalks,
} from './steps/community.ts';
import { seedSite, seedUsers } from './steps/people.ts';

/**
 * The demo content of a developer's blog, as content: articles are Markdown files in the import format
 * (content/demo/articles/), everything else is content/demo/site.yaml. Imported by the bootstrap only
 * when an empty database is seeded, so a normal start never loads this module.
 */
export const DEMO_CONTENT_DIR = fileURLToPath(new URL('../../../content/demo/', import.meta.url));

export type SeedStep = { name: string; run: (ctx: SeedContext) => Promise<void> };

/**
 * The steps, in order. Each needs what the ones before it made (pictures before the rows that show
 * them, users before what they wrote, articles/talks/messages before their comments and likes). The
 * order is also the order the demo clock is read: moving a step shifts every later date by hours.
 */
export const SEED_STEPS: readonly SeedStep[] = [
  { name: 'pictures', run: writePictures },
  { name: 'users', run: seedUsers },
  { name: 'site', run: seedSite },
  { name: 'taxonomy', run: seedTaxonomy },
  { name: 'articles', run: seedArticles },
  { name: 'article-history', run: seedArticleHistory },
  { name: 'talks', run: seedTalks },
  { name: 'albums', run: seedAlbums },
  { name: 'links', run: seedLinks },
  { name: 'messages', run: seedMessages },
  { name: 'comments', run: seedComments },
  { name: 'likes', run: seedLikes },
  { name: 'notifications', run: seedNotifications },
  { name: 'bangumi', run: seedBangumi },
  { name: 'resources', run: seedResources },
];

export class SeedStepError extends Error {
  override name = 'SeedStepError';
  readonly step: string;
  constructor(step: string, cause: unknown) {
    super(
      `演示内容写入失败，在「${step}」这一步：${cause instanceof Error ? cause.message : String(cause)}`,
      {
        cause,
      },
    );
    this.step = step;
  }
}

/** Runs the steps one after another; the first failure stops the rest and names its step. */
export async function runSteps(steps: readonly SeedStep[], ctx: SeedContext): Promise<void> {
  for (const step of steps) {
    try {
      await step.run(ctx);
    } catch (err) {
      throw new SeedStepError(step.name, err);
    }
  }
}

/**
 * Fills an empty database with the demo content, through the services where one writes that kind of
 * row. The whole content is checked (site.yaml against its schema) before anything is written.
 */
export async function seedDemo(opts: SeedOptions): Promise<void> {
  const dir = opts.contentDir ?? DEMO_CONTENT_DIR;
  const file = path.join(dir, 'site.yaml');
  const demo = parseDemo(await readFile(file, 'utf8'), file);
  await runSteps(SEED_STEPS, {
    demo,
    adminId: opts.adminId,
    uploadsDir: opts.uploadsDir,
    articlesDir: path.join(dir, 'articles'),
    clock: demoClock(opts.now ?? new Date()),
    users: new Map(),
    articles: new Map(),
    talks: [],
    messages: [],
    links: [],
  });
}
