import { htmlToMarkdown } from '../html-markdown.ts';

/**
 * A comment tool's stored text as ours (docs/owner-guide.md#导入与导出). Ours is plain text (the
 * comment list shows it as written), so: emoji and sticker pictures become their name in brackets
 * (`[滑稽]`), the reply lead the tool wrote before a reply (`<a href="#id">@nick</a>`,
 * `[@nick](#id): `) is dropped — our list shows 回复 @nick from the reply's to_id —, markup goes
 * through the importers' HTML → Markdown (turndown: no tag survives) and turndown's Markdown
 * escapes are taken back outside code, where a reader would see them as stray backslashes.
 */

/** One attribute of a tag's text: name, and its value in double, single or no quotes. */
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  const inner = tag.replace(/^<img\b/i, '').replace(/\/?>$/, '');
  for (const m of inner.matchAll(ATTR)) found.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? '');
  return found;
}

/** Classes the tools give their emoji (Waline, Twikoo's OwO, Valine, OwO itself). */
const EMOJI_CLASS = /(^|\s)(wl-emoji|tk-owo-emotion|vemoji|owo-emotion|emoji|emoticon)(\s|$)/i;

/** The name of an emoji picture (its `<img>` tag), or undefined for an ordinary picture. */
export function emojiName(tag: string): string | undefined {
  const a = attributes(tag);
  const artalk = a.get('atk-emoticon');
  if (artalk === undefined && !EMOJI_CLASS.test(a.get('class') ?? '')) return undefined;
  const file = (a.get('src') ?? '')
    .split(/[?#]/)[0]
    .split('/')
    .pop()
    ?.replace(/\.\w+$/, '');
  const name = (artalk || a.get('alt') || a.get('title') || file || '表情').trim();
  // Twikoo writes `alt=":滑稽:"`, OwO sets `[滑稽]`: one spelling, `[滑稽]`.
  return name.replace(/^:(.+):$/, '$1').replace(/^\[(.+)\]$/, '$1');
}

/** The reply lead at the very start (inside a first <p> too), which our to_id replaces. */
const HTML_LEAD = /^(\s*<p>)?\s*<a\b[^>]*href\s*=\s*["']#[^"']*["'][^>]*>\s*@[^<]*<\/a>\s*[,，:：]?\s*/i;
const MD_LEAD = /^\s*\[@[^\]\n]*\]\(#[^)\s]*\)\s*[:：,，]?\s*/;

/** Markup to convert: a tag, a comment, an entity. */
const MARKUP = /<[a-z!/]|&(#\d+|#x[\da-f]+|[a-z]+\d*);/i;

/** turndown's escapes (a backslash before Markdown punctuation), taken back outside code. */
function unescaped(md: string): string {
  return md
    .split(/(^(?:```|~~~~)[^\n]*\n[\s\S]*?\n(?:```|~~~~)$|`[^`\n]+`)/m)
    .map((part, i) =>
      i % 2 ? part : part.replace(/\\([\\*_[\]`#>~=+\-.!])/g, '$1').replace(/[ \t]+\n/g, '\n'),
    )
    .join('');
}

/** Our comment text for a tool's stored `html` (its Markdown, its HTML or both mixed). */
export function commentText(html: string): string {
  const emoji: string[] = [];
  // Emoji set aside as private-use marks turndown leaves alone, put back after it.
  let text = html
    .replace(/<img\b[^>]*>/gi, (tag) => {
      const name = emojiName(tag);
      return name === undefined ? tag : `\uE001${emoji.push(name) - 1}\uE001`;
    })
    .replace(/\r\n?/g, '\n');
  text = text.replace(HTML_LEAD, (_m, p: string | undefined) => p ?? '').replace(MD_LEAD, '');
  if (MARKUP.test(text)) text = unescaped(htmlToMarkdown(text));
  return text.replace(/\uE001(\d+)\uE001/g, (_m, i) => `[${emoji[Number(i)]}]`).trim();
}

/**
 * A tool's time as ISO: milliseconds (Twikoo), ISO text (Waline, Disqus), Go's
 * `2006-01-02 15:04:05 -0700` (Artalk), LeanCloud's `{iso}`, MongoDB's `{$date}`/`{$numberLong}`.
 * A time without a zone is taken as `zone`. Undefined when there is none or it cannot be read.
 */
export function toIso(value: unknown, zone = 'Z'): string | undefined {
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return toIso(o.iso ?? o.$date ?? o.$numberLong, zone);
  }
  let t = Number.NaN;
  if (typeof value === 'number') t = value;
  else if (typeof value === 'string' && value.trim()) {
    const s = value.trim();
    if (/^\d{12,}$/.test(s)) t = Number(s);
    else {
      const go =
        /^(\d{4}-\d\d-\d\d)[ T](\d\d:\d\d:\d\d(?:\.\d+)?)(?:\s*([+-]\d\d):?(\d\d)(?:\s+\w+)?|\s*(Z))?$/.exec(
          s,
        );
      t = go
        ? Date.parse(`${go[1]}T${go[2]}${go[5] ? 'Z' : go[3] ? `${go[3]}:${go[4]}` : zone}`)
        : Date.parse(s);
    }
  }
  return Number.isFinite(t) && t > 0 ? new Date(t).toISOString() : undefined;
}
