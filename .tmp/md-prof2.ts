import { createHighlighter } from 'shiki';
import { ARTICLES } from '/work/wt-4/src/server/db/seed/articles.ts';
import { CODE_THEME_MAP } from '/work/wt-4/src/server/services/markdown.ts';

const hl = await createHighlighter({
  themes: Object.values(CODE_THEME_MAP),
  langs: ['ts', 'bash', 'json', 'html', 'css', 'js', 'sql', 'rust', 'go', 'python'],
});
const blocks: [string, string][] = [];
for (const a of ARTICLES)
  for (const m of a.content.matchAll(/```(\w*)\n([\s\S]*?)```/g)) blocks.push([m[1] || 'text', m[2]]);
for (let r = 0; r < 2; r++)
  for (const theme of Object.values(CODE_THEME_MAP)) {
    const t = performance.now();
    for (const [l, c] of blocks) hl.codeToTokensBase(c, { lang: l, theme });
    console.log(r, theme, (performance.now() - t).toFixed(0));
  }
let t = performance.now();
for (const [l, c] of blocks) hl.codeToTokensWithThemes(c, { lang: l, themes: CODE_THEME_MAP });
console.log('withThemes warm', (performance.now() - t).toFixed(0));
t = performance.now();
for (const [l, c] of blocks) hl.codeToHast(c, { lang: l, themes: CODE_THEME_MAP, defaultColor: false });
console.log('toHast warm', (performance.now() - t).toFixed(0));
