import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex } from '../../src/lib/contrast.ts';
import { CODE_THEMES } from '../../src/lib/theme.ts';
import { CODE_THEME_MAP, renderMarkdown, styleClasses } from '../../src/server/services/markdown.ts';

describe('Markdown sanitizing', () => {
  it('never lets <script>, event handlers or javascript: links through', async () => {
    const md = [
      'Hi <script>alert("s1")</script>',
      '',
      '<script src="https://evil.example/x.js"></script>',
      '',
      '<img src="/a.png" onerror="alert(\'e1\')" onload="alert(\'e2\')">',
      '',
      '<a href="javascript:alert(\'j1\')" onclick="alert(\'c1\')" onmouseover="alert(\'m1\')">click</a>',
      '',
      '[md link](javascript:alert("j2")) [upper](JAVASCRIPT:alert("j3")) [ent](jav&#x61;script:alert("j4"))',
      '',
      '<div onmouseenter="alert(\'d1\')" style="background:url(javascript:alert(1))">box</div>',
      '',
      '<iframe src="javascript:alert(\'i1\')"></iframe><svg><script>alert("v1")</script></svg>',
      '',
      '<style>body{display:none}</style><form action="javascript:alert(1)"><button>x</button></form>',
    ].join('\n');
    const { html } = await renderMarkdown(md);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<iframe|<form|<style|<svg/i);
    expect(html).not.toContain('display:none');
    expect(html).not.toContain('style=');
    // The harmless parts stay.
    expect(html).toContain('click');
    expect(html).toContain('box');
    expect(html).toContain('<img src="/a.png"');
  });

  it('keeps GFM: tables, task lists, strikethrough, autolinks, footnotes that link up', async () => {
    const { html } = await renderMarkdown(
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~ https://example.com\n\nNote[^1].\n\n[^1]: 脚注内容',
    );
    expect(html).toContain('<table>');
    expect(html).toContain('class="table-wrap"');
    expect(html).toContain('type="checkbox"');
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer nofollow"');
    const ref = /<a href="#([^"]+)"[^>]*data-footnote-ref/.exec(html)?.[1];
    expect(ref).toBeTruthy();
    expect(html).toContain(`id="${ref}"`);
  });

  it('gives headings GitHub-style ids and collects the table of contents (h1–h3)', async () => {
    const { html, toc } = await renderMarkdown(
      '# 一级\n\n## 二级 标题\n\n### Third `code`\n\n#### 四级\n\n## 二级 标题',
    );
    expect(toc).toEqual([
      { id: '一级', text: '一级', level: 1 },
      { id: '二级-标题', text: '二级 标题', level: 2 },
      { id: 'third-code', text: 'Third code', level: 3 },
      { id: '二级-标题-1', text: '二级 标题', level: 2 },
    ]);
    expect(html).toContain('<h4 id="四级">');
  });

  it('slugs (rehype-slug) the text a reader sees: edges trimmed, ids of authors and nested headings as before', async () => {
    const { html, toc } = await renderMarkdown(
      [
        '# [链接标题](https://example.com) ![图](https://example.com/a.png)',
        '<h2 id="mine"> 空格 </h2>',
        '## 😀',
        '## 链接标题',
        '<h2 class="sr-only">藏起来</h2>',
      ].join('\n\n'),
    );
    expect(toc).toEqual([
      { id: '链接标题', text: '链接标题', level: 1 },
      { id: '空格', text: '空格', level: 2 },
      { id: 'heading-3', text: '😀', level: 2 },
      { id: '链接标题-1', text: '链接标题', level: 2 },
    ]);
    // The white space set aside for the slug is back in the page; an emoji-only heading gets heading-N.
    expect(html).toContain('<h2 id="空格"> 空格 </h2>');
    expect(html).toContain('<h2 id="heading-3">😀</h2>');
    expect(html).toContain('<h2 class="sr-only">藏起来</h2>');
    expect(html).not.toContain('mine');
    const nested = await renderMarkdown('<math><mtext><h1><a><h6></a></h6></h1>');
    expect(nested.html).toContain('<h6><a></a></h6>');
  });

  it('labels a code block as written and paints it with the alias grammar or plain text', async () => {
    const { html } = await renderMarkdown('```SH\nls\n```\n\n```nosuchlang\nx\n```\n\n```\ny\n```');
    const labels = [...html.matchAll(/<span class="code-lang">([^<]*)<\/span>/g)].map((m) => m[1]);
    expect(labels).toEqual(['sh', 'nosuchlang', 'text']);
    expect(html.match(/<div class="code-block sh\w+">/g)).toHaveLength(3);
  });

  it('an author cannot clobber page ids', async () => {
    const { html } = await renderMarkdown('<div id="site-header" name="comments">x</div>');
    expect(html).not.toContain('id="site-header"');
    expect(html).toContain('id="user-content-site-header"');
  });

  it('highlights code once with every code theme as CSS variables, and adds the copy button', async () => {
    const { html } = await renderMarkdown(
      '```ts\n// a comment\nconst a: number = 1;\n```\n\n```nosuchlang\nplain <b>text</b>\n```',
    );
    for (const theme of CODE_THEMES) {
      expect(html).toContain(`--sh-${theme}:`);
      expect(html).toContain(`--sh-${theme}-bg:`);
    }
    expect(Object.keys(CODE_THEME_MAP).sort()).toEqual([...CODE_THEMES].sort());
    expect(html).not.toMatch(/[^-]color:/); // no default colour: the theme is picked by CSS
    expect(html.match(/class="code-copy"/g)).toHaveLength(2);
    expect(html).toContain('<span class="code-lang">ts</span>');
    // Every token colour of every theme reaches 4.5:1 against that theme's background.
    const backgrounds = Object.fromEntries(
      [...html.matchAll(/--sh-([a-z0-9]+)-bg:(#[0-9a-fA-F]+)/g)].map((m) => [m[1], m[2]]),
    );
    const colours = [...html.matchAll(/--sh-([a-z0-9]+):(#[0-9a-fA-F]+)/g)];
    expect(colours.length).toBeGreaterThan(50);
    for (const [, theme, colour] of colours) {
      const bg = parseHex(backgrounds[theme]) as [number, number, number];
      expect(
        contrastRatio(parseHex(colour, bg) as [number, number, number], bg),
        `${theme} ${colour}`,
      ).toBeGreaterThanOrEqual(4.5);
    }
    // Unknown languages fall back to plain text, still escaped.
    expect(html).toContain('&#x3C;b>text&#x3C;/b>');
  });

  it('writes each distinct colour set once, as a class rule, instead of on every token', async () => {
    const code = 'const a: number = 1; // 注释\n'.repeat(40);
    const { html } = await renderMarkdown(`\`\`\`ts\n${code}\`\`\`\n\n\`\`\`bash\nls -la # 列表\n\`\`\``);
    expect(html.startsWith('<style>')).toBe(true);
    expect(html).not.toMatch(/<span[^>]*style=/);
    expect(html).not.toMatch(/<div class="code-block[^"]*"[^>]*style=/);
    const rules = [...html.matchAll(/\.md-body \.(sh[0-9a-z]+)\{([^}]*)\}/g)];
    const styles = rules.map((r) => r[2]);
    expect(new Set(styles).size).toBe(styles.length); // one class per distinct set
    expect(rules.length).toBeLessThan(30); // 40 identical lines share them
    for (const [, name] of rules) expect(html).toMatch(new RegExp(`class="[^"]*\\b${name}\\b`));
    // Tokens of different kinds get different colours in the first code theme (a keyword, a
    // number and a comment are never painted alike).
    const colour = (text: string) => {
      const cls = new RegExp(`<span class="(sh[0-9a-z]+)">\\s*${text}</span>`).exec(html)?.[1];
      return rules.find((r) => r[1] === cls)?.[2].match(/--sh-atom:(#\w+)/)?.[1];
    };
    const colours = [colour('const'), colour('1'), colour('//')];
    expect(colours.every(Boolean)).toBe(true);
    expect(new Set(colours).size).toBe(3);
  });

  it('turns identical style attributes into one class, keeping existing classes', () => {
    const span = (style: string, className?: string[]) => ({
      type: 'element' as const,
      tagName: 'span',
      properties: className ? { style, className } : { style },
      children: [],
    });
    const a = span('--sh-atom:#fff;--sh-github:#000', ['line']);
    const b = span('--sh-atom:#fff;--sh-github:#000');
    const c = span('--sh-atom:#111');
    const odd = span('x</style><script>');
    const root = { type: 'element' as const, tagName: 'div', properties: {}, children: [a, b, c, odd] };
    const css = styleClasses([root]);
    expect(a.properties).toEqual({ className: ['line', 'sh0'] });
    expect(b.properties).toEqual({ className: ['sh0'] });
    expect(c.properties).toEqual({ className: ['sh1'] });
    expect(odd.properties).toEqual({ style: 'x</style><script>' }); // never written into the rules
    expect(css).toBe('.md-body .sh0{--sh-atom:#fff;--sh-github:#000}.md-body .sh1{--sh-atom:#111}');
    expect(styleClasses([])).toBe('');
  });

  it('marks images lazy with the loading placeholder', async () => {
    const { html } = await renderMarkdown('![图](/uploads/a.png "标题")');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('data-pending');
    expect(html).toContain('title="标题"');
  });
});
