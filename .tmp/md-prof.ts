import { createHighlighter } from 'shiki';
import { ARTICLES } from '/work/wt-4/src/server/db/seed/articles.ts';
import { CODE_THEME_MAP } from '/work/wt-4/src/server/services/markdown.ts';

let t = performance.now();
const hl = await createHighlighter({ themes: Object.values(CODE_THEME_MAP), langs: [] });
console.log('create', performance.now() - t);
const blocks: [string, string][] = [];
for (const a of ARTICLES)
  for (const m of a.content.matchAll(/```(\w*)\n([\s\S]*?)```/g)) blocks.push([m[1] || 'text', m[2]]);
console.log(
  'blocks',
  blocks.length,
  blocks.reduce((n, b) => n + b[1].length, 0),
  'chars',
);
t = performance.now();
for (const l of new Set(blocks.map((b) => b[0])))
  if (l !== 'text') {
    const t1 = performance.now();
    await hl.loadLanguage(l as never);
    console.log('lang', l, (performance.now() - t1).toFixed(0));
  }
console.log('langs', performance.now() - t);
for (let r = 0; r < 2; r++) {
  t = performance.now();
  for (const [l, c] of blocks) hl.codeToHast(c, { lang: l, themes: CODE_THEME_MAP, defaultColor: false });
  console.log('multi', performance.now() - t);
  t = performance.now();
  for (const [l, c] of blocks) hl.codeToHast(c, { lang: l, theme: 'one-dark-pro' });
  console.log('single', performance.now() - t);
}
