import { type ImportReport, KIND_NAME, type ReportLine } from './contract/admin-import.ts';

/** A report as the lines the CLI prints; the console shows the same counts (kinds, total) with tables. */

export const kinds = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([kind, n]) => `${KIND_NAME[kind] ?? kind} ${n}`)
    .join('，') || '无';

export const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** One kind's figures: created (or, in a dry run, to create), updated, imported before, left out, failed. */
export type KindFigures = {
  kind: string;
  name: string;
  created: number;
  updated: number;
  already: number;
  skipped: number;
  failed: number;
};

/** The report per kind of item, in the order the kinds first appear; what the CLI and the console show. */
export function perKind(r: ImportReport): KindFigures[] {
  const rows = new Map<string, KindFigures>();
  const row = (kind: string) => {
    let found = rows.get(kind);
    if (!found) {
      found = {
        kind,
        name: KIND_NAME[kind] ?? kind,
        created: 0,
        updated: 0,
        already: 0,
        skipped: 0,
        failed: 0,
      };
      rows.set(kind, found);
    }
    return found;
  };
  for (const [kind, n] of Object.entries(r.created)) row(kind).created += n;
  for (const [kind, n] of Object.entries(r.updated)) row(kind).updated += n;
  for (const [kind, n] of Object.entries(r.already)) row(kind).already += n;
  for (const l of r.skipped) row(l.kind).skipped++;
  for (const l of r.failed) row(l.kind).failed++;
  return [...rows.values()];
}

const shown = (l: ReportLine) => `  ${KIND_NAME[l.kind] ?? l.kind}${l.label}（${l.where}）：${l.reason}`;

/** At most this many skipped lines are printed one by one; the rest are counted. */
const SKIPPED_LINES = 50;

export function reportLines(r: ImportReport): string[] {
  const lines = [`来源：${r.formatName}`, ...r.notes.map((n) => `  ${n}`)];
  if (r.dryRun) {
    lines.push(`试运行（没有写入任何内容）：将新建 ${total(r.created)} 项（${kinds(r.created)}）`);
    for (const l of r.toCreate) lines.push(`  + ${KIND_NAME[l.kind] ?? l.kind}${l.label}（${l.where}）`);
    if (total(r.created) > r.toCreate.length)
      lines.push(`  …… 另有 ${total(r.created) - r.toCreate.length} 项`);
  } else {
    lines.push(`新建 ${total(r.created)} 项（${kinds(r.created)}）`);
    if (total(r.updated)) lines.push(`更新 ${total(r.updated)} 项（${kinds(r.updated)}）`);
  }
  if (total(r.already)) lines.push(`已导入过、跳过 ${total(r.already)} 项（${kinds(r.already)}）`);
  lines.push('按类型：');
  for (const k of perKind(r))
    lines.push(
      `  ${k.name}：${r.dryRun ? '将新建' : '新建'} ${k.created}${k.updated ? `，更新 ${k.updated}` : ''}，已导入过 ${k.already}，不导入 ${k.skipped}，${r.dryRun ? '有错误' : '失败'} ${k.failed}`,
    );
  if (r.skipped.length) {
    lines.push(`不导入 ${r.skipped.length} 项：`);
    for (const l of r.skipped.slice(0, SKIPPED_LINES)) lines.push(shown(l));
    if (r.skipped.length > SKIPPED_LINES) lines.push(`  …… 另有 ${r.skipped.length - SKIPPED_LINES} 项`);
  }
  if (r.failed.length) {
    lines.push(`${r.dryRun ? '有错误，无法导入' : '失败'} ${r.failed.length} 项：`);
    for (const l of r.failed) lines.push(shown(l));
  }
  lines.push(`用时 ${(r.ms / 1000).toFixed(1)} 秒`);
  return lines;
}
