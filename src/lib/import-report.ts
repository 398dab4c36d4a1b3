import { type ImportReport, KIND_NAME, type ReportLine } from './contract/admin-import.ts';

/** A report as the lines the CLI prints; the console shows the same counts (kinds, total) with tables. */

export const kinds = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([kind, n]) => `${KIND_NAME[kind] ?? kind} ${n}`)
    .join('，') || '无';

export const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

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
