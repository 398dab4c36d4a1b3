import { decodeHTML } from 'entities';
import { htmlToMarkdown } from './html-markdown.ts';

/**
 * A WordPress post's body as Markdown (docs/owner-guide.md#导入与导出): its shortcodes first —
 * [caption] as the picture with its caption below it, [gallery] as its pictures, [embed] and a URL on
 * a line of its own (WordPress's auto-embed) as a link, [code]/[sourcecode] as a fenced block,
 * [audio]/[video] as a link to the file (the site's sanitiser keeps no <audio>/<video>) — then the
 * HTML by turndown (html-markdown.ts). A shortcode this reader does not know stays as it was written,
 * visible, and is named in what it finds; one inside <pre> or <code> is code and left alone.
 */

/** An attachment of the export (an item of type attachment). */
export type Attachment = {
  id: string;
  url: string;
  title: string;
  /** Its caption (the attachment's excerpt), shown under it in a gallery. */
  caption: string;
  alt: string;
  /** The post it was uploaded to: a [gallery] without ids shows its post's attachments. */
  parent: string;
  order: number;
};

export type Media = { byId: Map<string, Attachment>; childrenOf: (postId: string) => Attachment[] };

export type Converted = {
  markdown: string;
  /** Shortcodes kept as text, by name. */
  unknown: string[];
  /** Attachments a [gallery] names that the export does not hold. */
  missing: string[];
};

/**
 * The entities WordPress stores: its editor keeps text raw (TinyMCE's entity_encoding "raw") but for
 * &amp; &lt; &gt; &quot; and &nbsp;; term names come with & as &amp;; numeric references anywhere.
 * HTML's whole table (the `entities` package), so `&hellip;` and the like come out as text too.
 */
export const decodeEntities = (text: string): string => decodeHTML(text);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attr = (text: string) => text.replace(/"/g, '&quot;');

/** WordPress's shortcode_parse_atts: name="v", name='v', name=v, and positional values ("0", "1"…). */
const ATTRS =
  /([\w-]+)\s*=\s*"([^"]*)"(?:\s|$)|([\w-]+)\s*=\s*'([^']*)'(?:\s|$)|([\w-]+)\s*=\s*([^\s'"]+)(?:\s|$)|"([^"]*)"(?:\s|$)|'([^']*)'(?:\s|$)|(\S+)(?:\s|$)/g;

export function parseAttrs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let n = 0;
  for (const m of text.replace(/[\u00a0\u200b]+/g, ' ').matchAll(ATTRS)) {
    if (m[1]) out[m[1].toLowerCase()] = m[2];
    else if (m[3]) out[m[3].toLowerCase()] = m[4];
    else if (m[5]) out[m[5].toLowerCase()] = m[6];
    else out[String(n++)] = m[7] ?? m[8] ?? m[9];
  }
  return out;
}

/**
 * WordPress's get_shortcode_regex for any lowercase name (WordPress knows its registered ones; an
 * export's reader cannot, so a name is what it looks like): 1 `[` of an escaped `[[x]]`, 2 the name,
 * 3 the attributes, 4 `/` of a self-closing one, 5 the enclosed content, 6 `]` of an escaped one.
 */
const SHORTCODE =
  /\[(\[?)([a-z][a-z0-9_-]*)(?![\w-])([^\]/]*(?:\/(?!\])[^\]/]*)*?)(?:(\/)\]|\](?:([^[]*(?:\[(?!\/\2\])[^[]*)*)\[\/\2\])?)(\]?)(?!\()/g;

/** SyntaxHighlighter's brushes, each also a shortcode of its own ([php]…[/php]), and what fences call them. */
const BRUSHES = new Set(
  'as3 bash c cpp csharp css delphi diff erlang go groovy html java javascript js jscript json kotlin latex matlab objc perl php plain powershell py python r ruby rust scala sh shell sql swift text ts typescript vb xml yaml'.split(
    ' ',
  ),
);
const FENCE_NAME: Record<string, string> = { jscript: 'js', plain: '', text: '', shell: 'sh' };
const fenceName = (lang: string) => {
  const l = lang.trim().toLowerCase();
  return FENCE_NAME[l] ?? (/^[\w+#.-]+$/.test(l) ? l : '');
};

const AUDIO = ['src', 'mp3', 'm4a', 'ogg', 'wav', 'flac', 'wma'];
const VIDEO = ['src', 'mp4', 'm4v', 'webm', 'ogv', 'wmv', 'flv'];

const block = (html: string) => `\n\n${html}\n\n`;
const fileName = (url: string) => {
  const last = url.split(/[?#]/)[0].split('/').filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
};
const link = (url: string, label = url) => `<a href="${attr(url)}">${escapeHtml(label)}</a>`;
const picture = (a: Attachment) =>
  `<p><img src="${attr(a.url)}" alt="${attr(a.alt || a.title)}"></p>${a.caption ? `\n<p><em>${a.caption}</em></p>` : ''}`;

/** The text set aside while shortcodes are expanded (code of any kind), as \uE001n\uE001 marks. */
class Aside {
  private kept: string[] = [];
  put = (html: string) => `\uE001${this.kept.push(html) - 1}\uE001`;
  back = (text: string) => text.replace(/\uE001(\d+)\uE001/g, (_, i) => this.kept[Number(i)]);
}

type Found = { unknown: Set<string>; missing: Set<string> };

function expand(html: string, postId: string, media: Media, aside: Aside, found: Found): string {
  return html.replace(
    SHORTCODE,
    (
      all,
      open: string,
      name: string,
      rawAttrs: string,
      selfClose: string,
      content: string | undefined,
      close: string,
    ) => {
      // [[gallery]] is how WordPress writes a shortcode as text.
      if (open && close) return all.slice(1, -1);
      const a = parseAttrs(rawAttrs);
      const inner = content ?? '';
      const code = name === 'code' || name === 'sourcecode' || BRUSHES.has(name);
      if (code && content !== undefined) {
        const lang = fenceName(
          name === 'code' || name === 'sourcecode' ? (a.language ?? a.lang ?? '') : name,
        );
        const text = decodeEntities(inner.replace(/\r\n?/g, '\n'))
          .replace(/^\n/, '')
          .replace(/\n[ \t]*$/, '');
        const cls = lang ? ` class="language-${lang}"` : '';
        return `${open}${block(aside.put(`<pre><code${cls}>${escapeHtml(text)}</code></pre>`))}${close}`;
      }
      const again = (text: string) => expand(text, postId, media, aside, found);
      switch (name) {
        case 'caption':
        case 'wp_caption': {
          // img_caption_shortcode: the caption is the attribute, else the text after the (linked) image.
          const m = /^\s*((?:<a [^>]+>\s*)?<img [^>]+>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
          const image = m ? m[1] : again(inner).trim();
          const caption = (a.caption ?? (m ? m[2] : '')).trim();
          return `${open}${block(`<p>${image}</p>${caption ? `\n<p><em>${again(caption)}</em></p>` : ''}`)}${close}`;
        }
        case 'gallery': {
          const ids = (a.ids ?? a.include ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          const exclude = new Set((a.exclude ?? '').split(',').map((s) => s.trim()));
          const shown = ids.length
            ? ids.flatMap((id) => {
                const att = media.byId.get(id);
                if (!att) found.missing.add(id);
                return att ? [att] : [];
              })
            : media.childrenOf(a.id ?? postId).filter((att) => !exclude.has(att.id));
          return `${open}${block(shown.map(picture).join('\n'))}${close}`;
        }
        case 'embed':
        case 'youtube':
        case 'vimeo': {
          // [embed]URL[/embed]; Jetpack's [youtube URL] and [youtube=URL].
          const url = decodeEntities((inner || a.src || a['0'] || '').trim().replace(/^=/, ''));
          if (!/^https?:\/\//i.test(url)) break;
          return `${open}${block(`<p>${link(url)}</p>`)}${close}`;
        }
        case 'audio':
        case 'video': {
          const keys = name === 'audio' ? AUDIO : VIDEO;
          const urls = [...new Set(keys.flatMap((k) => (a[k] ? [decodeEntities(a[k])] : [])))];
          if (!urls.length) break;
          const what = name === 'audio' ? '音频' : '视频';
          return `${open}${block(urls.map((u) => `<p>${link(u, `${what}：${fileName(u)}`)}</p>`).join('\n'))}${close}`;
        }
      }
      found.unknown.add(name);
      const tag = `[${name}${rawAttrs}${selfClose ? '/' : ''}]`;
      return `${open}${tag}${content === undefined ? '' : `${again(content)}[/${name}]`}${close}`;
    },
  );
}

/** WordPress's auto-embed: a URL alone on its line, or alone in a paragraph, is shown as what it names. */
const bareUrls = (html: string) =>
  html
    .replace(
      /^(\s*)(https?:\/\/[^\s<>"]+)(\s*)$/gim,
      (_, a, url, b) => `${a}${link(decodeEntities(url))}${b}`,
    )
    .replace(
      /(<p(?: [^>]*)?>\s*)(https?:\/\/[^\s<>"]+)(\s*<\/p>)/gi,
      (_, a, url, b) => `${a}${link(decodeEntities(url))}${b}`,
    );

/** A post's body (its HTML, its shortcodes) as Markdown, with what could not be carried over. */
export function wpMarkdown(html: string, postId: string, media: Media): Converted {
  const aside = new Aside();
  const found: Found = { unknown: new Set(), missing: new Set() };
  // Code as written is never a shortcode, nor a URL to link.
  const safe = html.replace(/<pre[\s>][\s\S]*?<\/pre>|<code[\s>][\s\S]*?<\/code>/gi, aside.put);
  const expanded = bareUrls(expand(safe, postId, media, aside, found));
  return {
    markdown: htmlToMarkdown(aside.back(expanded)),
    unknown: [...found.unknown].sort(),
    missing: [...found.missing],
  };
}
