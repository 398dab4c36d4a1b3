import { sql } from 'kysely';
import { ARTICLE_STATUS } from '../../../lib/article.ts';
import { articleTag, type PageChange } from '../../core/page-tags.ts';
import { db } from '../../db/connection.ts';
import type { JobParts } from '../job-parts.ts';
import { RENDERER_VERSION, sourceDigest } from '../markdown-version.ts';
import { locateSlowBlock } from '../render-locate.ts';
import { type JobKind, renderBudgetMs, renderInWorker } from '../render-pool.ts';
import type { Db } from './db.ts';
import { logUnfinished, onOutdatedRendering, renderNow, rowOf, storeRendering } from './rendering.ts';

/**
 * Stored renderings kept current (rendering.ts): the articles with none (a first start after the
 * migration, rows written by hand) are rendered before the server listens (renderMissing); the ones
 * of an older renderer (an upgrade) and the ones a reader found rendered from other Markdown are
 * rendered again in the background, oldest rendering first, in the render pool's low-priority lane,
 * while their pages keep what was stored (startRenderUpkeep). `npm run blog -- render` renders them
 * all now.
 */

export type Outcome = 'rendered' | 'current' | 'unfinished' | 'gone';

/**
 * Renders article `id` again unless its rendering is current (`force`: always) and stores it, unless
 * its body changed meanwhile (a save stored its own). A render that does not finish keeps the stored
 * one; an article that had none gets its escaped text, so its page says so instead of waiting.
 */
export async function rerender(
  conn: Db,
  id: number,
  opts: { force?: boolean; kind?: JobKind } = {},
): Promise<Outcome> {
  const row = await conn
    .selectFrom('article')
    .leftJoin('article_render', 'article_render.article_id', 'article.id')
    .select(['article.article_content', 'article_render.source', 'article_render.renderer'])
    .where('article.id', '=', id)
    .executeTakeFirst();
  if (!row) return 'gone';
  const markdown = row.article_content;
  const digest = sourceDigest(markdown);
  if (!opts.force && row.source === digest && row.renderer === RENDERER_VERSION) return 'current';
  const rendered =
    opts.kind === 'save'
      ? await renderNow(markdown)
      : await renderInWorker(markdown, opts.kind ?? 'background');
  if (rendered.plain === 'stopped') return 'unfinished';
  if (rendered.plain) logUnfinished(id, rendered.plain);
  if (rendered.plain && row.source !== null) return 'unfinished';
  return conn.transaction().execute(async (trx) => {
    const now = await trx
      .selectFrom('article')
      .select('article_content')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!now) return 'gone';
    if (sourceDigest(now.article_content) !== digest) return 'current';
    await storeRendering(trx, id, rowOf(markdown, rendered, rendered.plain ?? ''));
    return rendered.plain ? 'unfinished' : 'rendered';
  });
}

/** The articles with their rendering, if any: those with none (`missing`), or also another renderer's. */
function outdated(conn: Db, missing = false) {
  return conn
    .selectFrom('article')
    .leftJoin('article_render', 'article_render.article_id', 'article.id')
    .where((eb) =>
      missing
        ? eb('article_render.article_id', 'is', null)
        : eb.or([
            eb('article_render.article_id', 'is', null),
            eb('article_render.renderer', '!=', RENDERER_VERSION),
          ]),
    );
}

/** Articles with no rendering (`missing`), or also those of another renderer, oldest rendering first. */
export async function outdatedIds(conn: Db, opts: { missing?: boolean; limit?: number } = {}) {
  const rows = await outdated(conn, opts.missing)
    .select('article.id')
    .orderBy(sql`coalesce(article_render.rendered_at, '')`)
    .orderBy('article.id')
    .limit(opts.limit ?? 100)
    .execute();
  return rows.map((r) => r.id);
}

/** How many articles wait for a rendering of this renderer (the console's dashboard shows it). */
export async function pendingRenders(conn: Db): Promise<number> {
  const row = await outdated(conn)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Log = (done: number, total: number) => void;

/**
 * Renders every article that has no rendering yet, two at a time (both render threads), and waits:
 * the boot runs it before the server listens, so after the migration no reader meets a body not yet
 * rendered. Articles whose render does not finish get their escaped text (the admin sees a note).
 */
export async function renderMissing(conn: Db, log?: Log): Promise<number> {
  let done = 0;
  const skipped = new Set<number>();
  for (;;) {
    const ids = (await outdatedIds(conn, { missing: true, limit: 200 })).filter((id) => !skipped.has(id));
    if (!ids.length) return done;
    const total = done + ids.length;
    const next = async () => {
      for (let id = ids.shift(); id !== undefined; id = ids.shift()) {
        const outcome = await rerender(conn, id, { kind: 'save' });
        if (outcome === 'unfinished') skipped.add(id);
        done++;
        log?.(done, total);
      }
    };
    await Promise.all([next(), next()]);
  }
}

/** How long an article whose render did not finish is left alone before it is tried again. */
const RETRY_AFTER_MS = 60 * 60_000;

export type Upkeep = { wake: () => void; idle: () => Promise<void> };

/**
 * The background job: renders the outdated articles (another renderer's, or reported by readers)
 * one at a time in the pool's background lane, which gives way to every save and preview; each one
 * rendered drops its pages (`onRendered`, on every process). Runs after the current turn, then when
 * a reader reports one.
 */
export function startRenderUpkeep(
  parts: Pick<JobParts, 'db' | 'life'>,
  opts: { onRendered?: (change: PageChange) => void; log?: Log } = {},
): Upkeep {
  const reported = new Set<number>();
  const failedAt = new Map<number, number>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const due = (id: number) => Date.now() - (failedAt.get(id) ?? 0) > RETRY_AFTER_MS;
  const pass = async () => {
    let done = 0;
    for (;;) {
      const ids = [...reported, ...(await outdatedIds(parts.db, { limit: 50 }))].filter(due);
      reported.clear();
      if (!ids.length || stopped) return;
      for (const id of new Set(ids)) {
        if (stopped) return;
        const outcome = await rerender(parts.db, id);
        if (outcome === 'unfinished') failedAt.set(id, Date.now());
        if (outcome === 'rendered') opts.onRendered?.({ tags: [articleTag(id), 'article-feeds'] });
        if (outcome === 'current') continue;
        done++;
        opts.log?.(done, done + reported.size);
      }
    }
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(pass)
      .catch(() => {
        // The database away: the next report or start tries again.
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  onOutdatedRendering((id) => {
    if (reported.has(id) || !due(id)) return;
    reported.add(id);
    wake();
  });
  parts.life.register('render upkeep', async () => {
    stopped = true;
    onOutdatedRendering(null);
    await running;
  });
  wake();
  return { wake, idle: async () => running };
}

/**
 * Renders an imported article (committed a moment ago) before its import goes on. One the renderer
 * cannot finish is made a draft, so no reader meets its escaped text; the answer says where it is
 * slow (the import's report), undefined when it rendered.
 */
export async function renderImported(id: number): Promise<string | undefined> {
  const conn = db;
  if ((await rerender(conn, id, { kind: 'save' })) !== 'unfinished') return undefined;
  const row = await conn
    .selectFrom('article')
    .select('article_content')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  await conn
    .updateTable('article')
    .set({ status: ARTICLE_STATUS.draft, publish_at: null })
    .where('id', '=', id)
    .execute();
  const at = await locateSlowBlock(row.article_content, renderBudgetMs()).catch(() => null);
  return `${at ? `正文第 ${at.line} 行起的一段（约 ${at.chars.toLocaleString('en')} 字）` : '正文'}渲染过慢，已存为草稿；请修正后再发布`;
}
