import { gfm } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';

/**
 * An old blog's HTML as Markdown (a WordPress post, docs/owner-guide.md#导入与导出), by turndown:
 * fenced code blocks keep their language, GFM tables stay tables, images stay images, and text —
 * Chinese punctuation too — is left as it was.
 */

const BLOCK = /^<(p|div|h[1-6]|ul|ol|li|pre|blockquote|table|figure|hr|img|!--)/i;

/**
 * WordPress keeps a classic post without <p>: a blank line is a paragraph break and a single newline
 * a line break (its wpautop). Code blocks are set aside first so their lines stay as written.
 */
function autop(html: string): string {
  const kept: string[] = [];
  const safe = html.replace(/<pre[\s\S]*?<\/pre>/gi, (m) => `\uE000${kept.push(m) - 1}\uE000`);
  const paragraphs = safe
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => (BLOCK.test(p) || /^\uE000\d+\uE000$/.test(p) ? p : `<p>${p.replace(/\n/g, '<br>\n')}</p>`));
  return paragraphs.join('\n\n').replace(/\uE000(\d+)\uE000/g, (_, i) => kept[Number(i)]);
}

/** The language a code block names: language-x, lang-x, brush: x (SyntaxHighlighter), or none. */
function languageOf(node: HTMLElement): string {
  const names = [node.getAttribute('class') ?? '', node.firstElementChild?.getAttribute('class') ?? ''].join(
    ' ',
  );
  return /(?:language-|lang-|brush:\s*)([\w+#-]+)/.exec(names)?.[1]?.toLowerCase() ?? '';
}

let service: TurndownService | undefined;

function turndown(): TurndownService {
  if (service) return service;
  const td = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    hr: '---',
  });
  td.use(gfm);
  td.addRule('pre', {
    filter: (node) => node.nodeName === 'PRE',
    replacement: (_content, node) => {
      const el = node as HTMLElement;
      const code = (el.textContent ?? '').replace(/\n$/, '');
      const fence = code.includes('```') ? '~~~~' : '```';
      return `\n\n${fence}${languageOf(el)}\n${code}\n${fence}\n\n`;
    },
  });
  td.remove(['script', 'style']);
  service = td;
  return td;
}

/** HTML as Markdown; a WordPress post's shortcodes are expanded before (wp-shortcodes.ts). */
export function htmlToMarkdown(html: string): string {
  return turndown().turndown(autop(html)).trim();
}
