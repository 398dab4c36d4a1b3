/**
 * Hexo's tag plugins that name a post's pictures and code (hexo's lib/plugins/tag: asset_img,
 * asset_link, asset_path, img, codeblock/code, blockquote; Jekyll's highlight too), turned into the Markdown they render as,
 * so the pictures of a `post_asset_folder` blog are found, copied and shown like any other
 * (markdown.ts relinks `![](x.png)` against the post's asset folder). Other tags (a theme's `{% note %}`)
 * stay as written. Nothing inside a fenced code block is touched.
 */

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg|bmp)(\?.*)?$/i;

/** A tag's arguments as Hexo splits them: by spaces, "quoted" or 'quoted' parts kept whole. */
function args(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** `[class…] src [width] [height] [title [alt]]` (Hexo's img and asset_img since 5.0). */
function picture(parts: string[]): string | undefined {
  const at = parts.findIndex((p) => IMAGE.test(p) || p.includes('/'));
  if (at < 0) return undefined;
  const rest = parts.slice(at + 1).filter((p, i) => !(i < 2 && /^\d+(px|%)?$/.test(p)));
  const [title = '', alt = title] = rest.length > 2 ? [rest.join(' ')] : rest;
  const caption = title ? ` "${title.replace(/"/g, "'")}"` : '';
  return `![${alt.replace(/[[\]]/g, '')}](${parts[at]}${caption})`;
}

function inline(text: string): string {
  return text.replace(
    /\{%\s*(asset_img|img|asset_link|asset_path)\s+([^%]*?)\s*%\}/g,
    (all, tag: string, rest: string) => {
      const parts = args(rest);
      if (tag === 'asset_path') return parts[0] ?? all;
      if (tag === 'asset_link')
        return parts[0] ? `[${parts.slice(1).join(' ') || parts[0]}](${parts[0]})` : all;
      return picture(parts) ?? all;
    },
  );
}

function blocks(text: string): string {
  return text
    .replace(
      /^[ \t]*\{%\s*(codeblock|code|highlight)\b([^%]*)%\}[ \t]*\n([\s\S]*?)\n?[ \t]*\{%\s*end\1\s*%\}/gm,
      (_all, tag: string, rest: string, code: string) => {
        // Jekyll's {% highlight ruby linenos %} names the language first.
        const lang = (tag === 'highlight' ? args(rest)[0] : /\blang:(\S+)/.exec(rest)?.[1]) ?? '';
        const fence = code.includes('```') ? '````' : '```';
        return `${fence}${lang}\n${code}\n${fence}`;
      },
    )
    .replace(
      /^[ \t]*\{%\s*(blockquote|quote)\b[^%]*%\}[ \t]*\n?([\s\S]*?)\n?[ \t]*\{%\s*end\1\s*%\}/gm,
      (_all, _tag, quote: string) =>
        quote
          .trim()
          .split('\n')
          .map((l) => `> ${l}`.trimEnd())
          .join('\n'),
    );
}

/** The Markdown of `md` with Hexo's picture, link and code tags written out. */
export function hexoTags(md: string): string {
  if (!md.includes('{%')) return md;
  // Fenced code stays as it is: split it out, change the rest.
  const parts = md.split(/(^(?:```|~~~)[^\n]*\n[\s\S]*?^(?:```|~~~)[ \t]*$)/m);
  return parts.map((part, i) => (i % 2 ? part : inline(blocks(part)))).join('');
}
