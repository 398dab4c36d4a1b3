import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hasNul } from '../../../../lib/nul.ts';
import type { Plan } from '../types.ts';
import { artalkSource, artransRows } from './artalk.ts';
import { disqusSource } from './disqus.ts';
import { commentPlan } from './plan.ts';
import { twikooRows, twikooSource } from './twikoo.ts';
import { walineExport, walineSource } from './waline.ts';

/**
 * Comments from where they lived (docs/owner-guide.md#导入与导出): the exports of Waline, Twikoo and
 * Artalk (JSON, told apart by their shape, not their name) and Disqus (XML), imported onto a site
 * that already has the posts.
 */

async function readText(file: string): Promise<string> {
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  if (hasNul(text)) throw new Error(`${path.basename(file)}：文件含有 NUL 字符，不是文本文件`);
  return text;
}

/** JSON, or JSON Lines (a MongoDB or LeanCloud dump): the value and, for lines, each one's line. */
function parseJson(text: string, name: string): { json: unknown; lines?: number[] } {
  try {
    return { json: JSON.parse(text) };
  } catch (err) {
    const rows: unknown[] = [];
    const lines: number[] = [];
    const all = text.split('\n');
    for (let i = 0; i < all.length; i++) {
      const line = all[i].trim();
      if (!line) continue;
      try {
        rows.push(JSON.parse(line));
        lines.push(i + 1);
      } catch {
        // Not JSON Lines either: the whole file's error is the one to show.
        throw new Error(`${name}：JSON 格式错误（${err instanceof Error ? err.message : err}）`);
      }
    }
    return { json: rows, lines };
  }
}

/** A comment tool's JSON export's plan, or undefined when the JSON is none of theirs. */
export async function commentJsonPlan(file: string): Promise<Plan | undefined> {
  const name = path.basename(file);
  const text = await readText(file);
  const { json, lines } = parseJson(text, name);
  if (walineExport(json)) return commentPlan(walineSource(json, text, name));
  const artrans = artransRows(json);
  if (artrans) return commentPlan(artalkSource(artrans, text, name));
  const twikoo = twikooRows(json);
  if (twikoo) return commentPlan(twikooSource(twikoo, text, name, lines));
  return undefined;
}

export async function disqusPlan(file: string): Promise<Plan> {
  return commentPlan(disqusSource(await readText(file), path.basename(file)));
}
