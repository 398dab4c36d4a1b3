/**
 * `npm run bench`: every part in turn (or the ones named: `npm run bench -- page startup`), then
 * bench/README.md's figures table is rewritten from bench/results/*.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS, type Result, ROOT } from './lib.ts';

const PARTS = ['page', 'assets', 'lighthouse', 'chat', 'search', 'startup', 'soak'] as const;

async function main() {
  const asked = process.argv.slice(2);
  const parts = asked.length ? asked : PARTS.filter((p) => existsSync(path.join(ROOT, 'bench', `${p}.ts`)));
  for (const part of parts) {
    console.log(`\n▶ bench ${part}`);
    const mod = (await import(`./${part}.ts`)) as { run: () => Promise<Result> };
    await mod.run();
  }
  writeReadme();
}

function writeReadme() {
  const file = path.join(ROOT, 'bench', 'README.md');
  const text = readFileSync(file, 'utf8');
  const results = existsSync(RESULTS)
    ? readdirSync(RESULTS)
        .filter((f) => f.endsWith('.json'))
        .map((f) => JSON.parse(readFileSync(path.join(RESULTS, f), 'utf8')) as Result)
        .sort((a, b) => PARTS.indexOf(a.part as never) - PARTS.indexOf(b.part as never))
    : [];
  const lines: string[] = [];
  for (const r of results) {
    lines.push(
      `### ${r.title}`,
      '',
      `Measured ${r.date.slice(0, 16).replace('T', ' ')} UTC on ${r.machine}.`,
      '',
    );
    lines.push('| metric | value | budget |', '|---|---|---|');
    for (const row of r.rows) {
      const verdict = row.ok === undefined ? '' : row.ok ? ' ✓' : ' ✗';
      lines.push(`| ${row.metric} | ${row.value} | ${row.budget ?? ''}${verdict} |`);
    }
    if (r.notes?.length) lines.push('', ...r.notes.map((n) => `- ${n}`));
    lines.push('');
  }
  const start = '<!-- figures:start -->';
  const end = '<!-- figures:end -->';
  const next = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), `${start}\n${lines.join('\n')}\n${end}`);
  writeFileSync(file, next);
  console.log(`\nbench/README.md updated (${results.length} parts)`);
}

await main();
