import os from 'node:os';
import { plainText } from '../../../lib/article.ts';
import { bodyImageUrls } from '../../../lib/body-pictures.ts';
import { renderRefusal } from '../../../lib/render-note.ts';
import { invalid } from '../../core/errors.ts';
import { logger } from '../../core/log.ts';
import { degradedPage } from '../../core/page-tags.ts';
import { prepared } from '../../db/prepared.ts';
import type { ArticleRenderTable } from '../../db/schema-writing.ts';
import type { PlainReason, Rendered, TocItem } from '../markdown.ts';
import { RENDERER_VERSION, sourceDigest } from '../markdown-version.ts';
import { locateSlowBlock } from '../render-locate.ts';
import { plainRendering, renderBudgetMs, renderInWorker } from '../render-pool.ts';
import type { Db } from './db.ts';

/**
 * Articles are rendered when they are written (docs/decisions/0005-render-pool-and-budget.md): a save,
 * an import, a restored revision render the body once in the render threads and store what it became
 * (table article_render, migration 0047) with the renderer's version, and every reader's page reads
 * that. A body the renderer cannot finish within its budget is the writer's to fix: the save is
 * refused with where it is slow, or stored as plain text when the owner says so. Bodies written
 * outside the services (SQL by hand) and bodies of an older renderer are rendered again by the upkeep
 * job (rendering-upkeep.ts) while their pages keep what was stored.
 */

/** What a page needs of an article's body. */
export type StoredBody = Rendered & {
  /** The start of the body's text (the page's description, the feed's summary). */
  excerpt: string;
  /** The `/uploads/` addresses the body shows. */
  images: string[];
};

/** An article_render row as written (but its article and time). */
export type RenderRow = {
  [K in Exclude<keyof ArticleRenderTable, 'article_id' | 'rendered_at'>]: string;
};

/** The excerpt's length: a feed's summary, and more than a page's description takes. */
const EXCERPT_CHARS = 200;

/** The row a rendering becomes (`plain`: why it is plain text, '' for HTML). */
export function rowOf(markdown: string, r: Rendered, plain: PlainReason | '' = ''): RenderRow {
  return {
    renderer: RENDERER_VERSION,
    source: sourceDigest(markdown),
    html: r.html,
    toc: JSON.stringify(r.toc),
    plain,
    excerpt: [...plainText(markdown)].slice(0, EXCERPT_CHARS).join(''),
    images: JSON.stringify(plain ? [] : bodyImageUrls(r.html)),
  };
}

/**
 * Whether the machine is overloaded (the last minute's load average at least one runnable task per
 * core): a render that ran out of its budget then gets a second try in the slow lane before the
 * writer is told the body is at fault.
 */
const loadedMachine = () => os.loadavg()[0] >= os.availableParallelism();
let machineBusy = loadedMachine;

/** Tests decide whether the machine counts as busy; null restores the load average's answer. */
export function setMachineBusy(busy: (() => boolean) | null): void {
  machineBusy = busy ?? loadedMachine;
}

/** A render for someone who waits for it (a save, an import): tried again slowly on a busy machine. */
export async function renderNow(markdown: string): Promise<Rendered> {
  const first = await renderInWorker(markdown, 'save');
  if (first.plain !== 'timeout' || !machineBusy()) return first;
  return renderInWorker(markdown, 'save', true);
}

export type SaveOptions = {
  /** The owner's consent: a body the renderer cannot finish is stored as escaped plain text. */
  allowPlain?: boolean;
};

/**
 * The rendering of a body about to be saved. A body the renderer cannot finish is refused (the
 * message names the line where the slow part starts), or stored as plain text with `allowPlain`.
 */
export async function renderForSave(markdown: string, opts: SaveOptions = {}): Promise<RenderRow> {
  const rendered = await renderNow(markdown);
  if (!rendered.plain) return rowOf(markdown, rendered);
  // A server stopping answers every pending render so: the save did not happen, say so plainly.
  if (rendered.plain === 'stopped') throw new Error('server stopping: the article was not saved');
  if (opts.allowPlain) return rowOf(markdown, plainRendering(markdown, 'consent'), 'consent');
  const at = await locateSlowBlock(markdown, renderBudgetMs()).catch(() => null);
  throw invalid(renderRefusal(renderBudgetMs(), at, rendered.plain === 'crashed'));
}

/** Stores `row` as article `id`'s rendering, replacing the one it had. */
export async function storeRendering(conn: Db, id: number, row: RenderRow): Promise<void> {
  const values = { ...row, rendered_at: new Date().toISOString() };
  await conn
    .insertInto('article_render')
    .values({ article_id: id, ...values })
    .onConflict((oc) => oc.column('article_id').doUpdateSet(values))
    .execute();
}

let nudge: (id: number) => void = () => {};

/** The upkeep job hears of articles whose rendering a reader found missing or outdated. */
export function onOutdatedRendering(listener: ((id: number) => void) | null): void {
  nudge = listener ?? (() => {});
}

/**
 * What a reader's page shows of article `id`'s body (its Markdown `markdown`): the stored rendering,
 * never a render. One rendered from other Markdown or by an older renderer is still shown while the
 * upkeep job renders it again. None at all (a row written by hand) shows the escaped text, and the
 * page is degraded: never kept by the page cache or a CDN.
 */
// Read by every article page: compiled once (db/prepared.ts).
const storedRow = prepared((d, id: number) =>
  d
    .selectFrom('article_render')
    .select(['renderer', 'source', 'html', 'toc', 'plain', 'excerpt', 'images'])
    .where('article_id', '=', id),
);

export async function storedBody(id: number, markdown: string): Promise<StoredBody> {
  const row = await storedRow.first(id);
  if (!row || row.source !== sourceDigest(markdown) || row.renderer !== RENDERER_VERSION) nudge(id);
  if (!row) {
    degradedPage('plain-text');
    return { ...plainRendering(markdown, 'pending'), excerpt: '', images: [] };
  }
  const plain = (row.plain || undefined) as PlainReason | undefined;
  if (plain && plain !== 'consent') degradedPage('plain-text');
  return {
    html: row.html,
    toc: JSON.parse(row.toc) as TocItem[],
    plain,
    excerpt: row.excerpt,
    images: JSON.parse(row.images) as string[],
  };
}

/** Logs a render of a stored body that did not finish; the stored one stays. */
export function logUnfinished(id: number, plain: PlainReason): void {
  logger.warn({ id, plain }, 'article body could not be rendered again: its stored rendering stays');
}
