/**
 * `npm run bench`: every part in turn (or the ones named: `npm run bench -- page startup`), then
 * the figures section of docs/performance.md is rewritten from bench/results/*.json.
 *
 * With BENCH_BASE=<ref> (bench/base.ts), a part that opts in is run twice, its server started from
 * the base's checkout and then from this one, and its table shows both. A part opts in by exporting
 * `measuresBase = true` and a `run(root)` that starts its server(s) from `root`; the others run once,
 * as before.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Base, prepareBase } from './base.ts';
import { RESULTS, type Result, ROOT, saveBeside } from './lib.ts';

type Part = { run: (root?: string) => Promise<Result>; measuresBase?: boolean };

const PARTS = [
  'page',
  'render',
  'assets',
  'lighthouse',
  'captcha',
  'stylesheets',
  'chat',
  'search',
  'startup',
  'soak',
  'cluster',
  'faults',
  'images',
  'images-readers',
  'import',
] as const;

async function main() {
  const asked = process.argv.slice(2);
  const parts = asked.length ? asked : PARTS.filter((p) => existsSync(path.join(ROOT, 'bench', `${p}.ts`)));
  const ref = process.env.BENCH_BASE;
  // Checked out and built when the first part that opts in comes, so a run without one costs nothing.
  let base: Base | undefined;
  try {
    for (const part of parts) {
      console.log(`\n▶ bench ${part}`);
      const mod = (await import(`./${part}.ts`)) as Part;
      if (!ref || !mod.measuresBase) {
        await mod.run();
        continue;
      }
      base ??= await prepareBase(ref);
      console.log(`  ${part} at ${base.label}`);
      const before = await mod.run(base.root);
      console.log(`  ${part} in this tree`);
      saveBeside(base.label, before, await mod.run(ROOT));
    }
  } finally {
    base?.remove();
  }
  writeFigures();
}

/** The page the figures live on, between its `<!-- figures:start -->` and `<!-- figures:end -->` marks. */
const FIGURES_FILE = path.join(ROOT, 'docs', 'performance.md');

function writeFigures() {
  const file = FIGURES_FILE;
  const text = readFileSync(file, 'utf8');
  const results = existsSync(RESULTS)
    ? readdirSync(RESULTS)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(RESULTS, f), 'utf8')) as Result)
        .sort((a, b) => PARTS.indexOf(a.part as never) - PARTS.indexOf(b.part as never))
    : [];
  // Parts not run on this checkout (bench/results is not committed) keep the section they had.
  const kept = keptSections(text);
  const lines: string[] = [];
  for (const part of PARTS) {
    const r = results.find((x) => x.part === part);
    if (!r) {
      const old = kept.get(part);
      if (old) lines.push(old.trimEnd(), '');
      continue;
    }
    lines.push(
      `<!-- part:${part} -->`,
      `### ${r.title}`,
      '',
      `Measured ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${r.machine}.`,
      '',
    );
    if (r.base) lines.push(`| metric | ${r.base} | this tree | budget |`, '|---|---|---|---|');
    else lines.push('| metric | value | budget |', '|---|---|---|');
    for (const row of r.rows) {
      const verdict = row.ok === undefined ? '' : row.ok ? ' ✓' : ' ✗';
      const values = r.base ? `${row.base ?? '—'} | ${row.value}` : row.value;
      lines.push(`| ${row.metric} | ${values} | ${row.budget ?? ''}${verdict} |`);
    }
    if (r.notes?.length) lines.push('', ...r.notes.map((n) => `- ${n}`));
    lines.push('');
  }
  const start = '<!-- figures:start -->';
  const end = '<!-- figures:end -->';
  const next = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${lines.join('\n')}\n${end}`);
  writeFileSync(file, next);
  console.log(`\ndocs/performance.md updated (${results.length} parts measured, the others kept)`);
}

/** The page's current section of each part, by its `<!-- part:name -->` marker. */
function keptSections(text: string): Map<string, string> {
  const sections = new Map<string, string>();
  const block = /<!-- figures:start -->([\s\S]*)<!-- figures:end -->/.exec(text)?.[1] ?? '';
  for (const piece of block.split(/(?=<!-- part:)/)) {
    const name = /^<!-- part:([\w-]+) -->/.exec(piece)?.[1];
    if (name) sections.set(name, piece);
  }
  return sections;
}

await main();
