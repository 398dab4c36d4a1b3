import { FORMAT_NAME, type ImportReport, type ReportLine } from '../../../lib/contract/admin-import.ts';
import { db } from '../../db/connection.ts';
import type { Db } from '../articles/db.ts';
import { renderImported } from '../articles/rendering-upkeep.ts';
import type { Item, Plan, Progress } from './types.ts';

/**
 * A plan's dry run and run (docs/owner-guide.md#导入与导出). Every item is written in a transaction of
 * its own together with its row in import_source (migration 0035): an item is there whole or not at
 * all, a failed one is reported and the run goes on, and a second run skips everything the first one
 * wrote — which also makes a stopped run resumable.
 */

const DRY_LINES = 200;

const key = (kind: string, sourceId: string) => `${kind}\n${sourceId}`;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** What an earlier run of this source wrote: kind + source id → the row it became. */
async function imported(source: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('import_source')
    .select(['kind', 'source_id', 'target_id'])
    .where('source', '=', source)
    .execute();
  return new Map(rows.map((r) => [key(r.kind, r.source_id), r.target_id]));
}

/** Marks `item` as imported: it became row `id`. */
async function remember(source: string, item: Item, id: number, conn: Db = db): Promise<void> {
  await conn
    .insertInto('import_source')
    .values({
      source,
      kind: item.kind,
      source_id: item.sourceId,
      target_id: id,
      createdAt: new Date().toISOString(),
    })
    .execute();
}

function emptyReport(plan: Plan, dryRun: boolean): ImportReport {
  return {
    format: plan.format,
    formatName: FORMAT_NAME[plan.format],
    dryRun,
    notes: plan.notes,
    created: {},
    toCreate: [],
    updated: {},
    already: {},
    skipped: [],
    failed: [],
    ms: 0,
  };
}

const bump = (counts: Record<string, number>, kind: string) => {
  counts[kind] = (counts[kind] ?? 0) + 1;
};

const line = (item: Item, reason: string): ReportLine => ({
  kind: item.kind,
  label: item.label,
  where: item.where,
  reason,
});

/** Why `item` cannot be written when the items it needs are not all `there`, else undefined. */
const missingNeed = (item: Item, there: { has: (k: string) => boolean }) =>
  item.needs?.find((n) => !there.has(key(n.kind, n.sourceId)))?.reason;

/** What a run would do, writing nothing. */
export async function dryRun(plan: Plan): Promise<ImportReport> {
  const t0 = performance.now();
  const report = emptyReport(plan, true);
  const done = await imported(plan.source);
  // What would be there after the run: imported before, adopted, or created by it.
  const there = new Set(done.keys());
  for (const item of plan.items) {
    const missing = missingNeed(item, there);
    if (item.error) report.failed.push(line(item, item.error));
    else if (item.skip) report.skipped.push(line(item, item.skip));
    else if (missing) report.failed.push(line(item, missing));
    else if (done.has(key(item.kind, item.sourceId)) || (await item.adopt?.()) !== undefined) {
      there.add(key(item.kind, item.sourceId));
      bump(report.already, item.kind);
    } else {
      there.add(key(item.kind, item.sourceId));
      bump(report.created, item.kind);
      if (report.toCreate.length < DRY_LINES) report.toCreate.push(line(item, '新建'));
    }
  }
  report.ms = Math.round(performance.now() - t0);
  return report;
}

/** Writes every item not written before, one transaction each; `progress` hears of every item. */
export async function runImport(plan: Plan, progress?: Progress): Promise<ImportReport> {
  const t0 = performance.now();
  const report = emptyReport(plan, false);
  const done = await imported(plan.source);
  const total = plan.items.length;
  let n = 0;
  for (const item of plan.items) {
    progress?.(n++, total, item);
    const k = key(item.kind, item.sourceId);
    if (item.error) {
      report.failed.push(line(item, item.error));
      continue;
    }
    if (item.skip || !item.write) {
      report.skipped.push(line(item, item.skip ?? '无需导入'));
      continue;
    }
    const missing = missingNeed(item, done);
    if (missing) {
      report.failed.push(line(item, missing));
      continue;
    }
    const write = item.write;
    try {
      // Outside the transaction: nothing slow holds the database's write lock.
      await item.prepare?.();
      let known = done.get(k);
      if (known === undefined && item.adopt) {
        known = await item.adopt();
        if (known !== undefined) await remember(plan.source, item, known);
      }
      if (known !== undefined) {
        done.set(k, known);
        bump((await item.update?.(known)) ? report.updated : report.already, item.kind);
        continue;
      }
      const id = await db.transaction().execute(async (trx) => {
        const id = await write({
          trx,
          idOf: async (kind, sourceId) => done.get(key(kind, sourceId)),
        });
        await remember(plan.source, item, id, trx);
        return id;
      });
      // Only a committed item is known to later ones (a comment's parent, an article's category).
      done.set(k, id);
      bump(report.created, item.kind);
      // Rendered once committed, outside its transaction (a render may take seconds); a body the
      // renderer cannot finish waits as a draft, and the report says where it is slow.
      if (item.kind === 'article') {
        const slow = await renderImported(id);
        if (slow) report.notes.push(`${item.where} ${item.label}：${slow}`);
      }
    } catch (err) {
      report.failed.push(line(item, message(err)));
    }
  }
  await plan.finish?.();
  progress?.(total, total, plan.items[total - 1]);
  report.ms = Math.round(performance.now() - t0);
  return report;
}
