import { plainText } from '../../../lib/article.ts';
import { htmlToMarkdown } from './html-markdown.ts';

/**
 * What Typecho keeps in its rows, read without PHP (docs/owner-guide.md#导入与导出): PHP's serialize()
 * format (options' routingTable, an attachment's text), the routes that made a post's address, and
 * what a content row is: its text (Markdown after `<!--markdown-->`, else HTML) and its status.
 */

export type PhpValue = string | number | boolean | null | { [key: string]: PhpValue };

/**
 * A serialize()d value, or undefined when the text is not one (cut short, or a kind Typecho never
 * writes there: objects' references). Lengths count bytes, as PHP's do: the text is read as UTF-8
 * bytes. An array becomes an object by its keys (0, 1… or names).
 */
export function unserialize(text: string): PhpValue | undefined {
  const buf = Buffer.from(text, 'utf8');
  let at = 0;
  const fail = (): never => {
    throw new SyntaxError(`serialize 格式错误（第 ${at} 字节）`);
  };
  const expect = (chars: string) => {
    if (buf.toString('latin1', at, at + chars.length) !== chars) fail();
    at += chars.length;
  };
  const until = (end: string) => {
    const stop = buf.indexOf(end, at, 'latin1');
    if (stop < 0) fail();
    const found = buf.toString('latin1', at, stop);
    at = stop + 1;
    return found;
  };
  const count = (end: string) => {
    const digits = until(end);
    if (!/^\d+$/.test(digits)) fail();
    return Number(digits);
  };
  const entries = (size: number) => {
    expect('{');
    const out: { [key: string]: PhpValue } = {};
    for (let k = 0; k < size; k++) {
      const key = value();
      if (typeof key !== 'string' && typeof key !== 'number') fail();
      out[String(key)] = value();
    }
    expect('}');
    return out;
  };
  const value = (): PhpValue => {
    const type = String.fromCharCode(buf[at] ?? 0);
    if (type === 'N') {
      expect('N;');
      return null;
    }
    at += 1;
    expect(':');
    switch (type) {
      case 'b':
        return until(';') === '1';
      case 'i': {
        const digits = until(';');
        if (!/^[+-]?\d+$/.test(digits)) fail();
        return Number(digits);
      }
      case 'd': {
        const number = Number(
          until(';')
            .replace(/^INF$/, 'Infinity')
            .replace(/^-INF$/, '-Infinity'),
        );
        return Number.isNaN(number) ? 0 : number;
      }
      case 's': {
        const size = count(':');
        expect('"');
        if (at + size > buf.length) fail();
        const found = buf.toString('utf8', at, at + size);
        at += size;
        expect('";');
        return found;
      }
      case 'a':
        return entries(count(':'));
      case 'O': {
        // An object (never in Typecho's own rows, maybe in a plugin's): its properties, as an array's.
        const size = count(':');
        at += size + 3;
        return entries(count(':'));
      }
      default:
        return fail();
    }
  };
  try {
    const found = value();
    return at === buf.length ? found : undefined;
  } catch {
    return undefined;
  }
}

const record = (v: PhpValue | undefined): { [key: string]: PhpValue } | undefined =>
  v && typeof v === 'object' ? v : undefined;

/** Typecho's own routes for a post and a page (install.php), when the options say nothing else. */
export const DEFAULT_ROUTES = { post: '/archives/[cid:digital]/', page: '/[slug].html' };

/**
 * The `post` and `page` routes of an options row's routingTable: the table as the permalink settings
 * save it, or as Typecho keeps it after a visit (the parsed table under key 0 before the named routes).
 * Typecho's defaults for what it does not say; `parsed` is false when it is not a serialized table.
 */
export function routesOf(routingTable: string): { post: string; page: string; parsed: boolean } {
  const table = record(unserialize(routingTable));
  const url = (name: string) => {
    const found = record(table?.[name])?.url ?? record(record(table?.['0'])?.[name])?.url;
    return typeof found === 'string' && found ? found : undefined;
  };
  return {
    post: url('post') ?? DEFAULT_ROUTES.post,
    page: url('page') ?? DEFAULT_ROUTES.page,
    parsed: Boolean(table),
  };
}

/**
 * A route filled as Typecho's Router::url does (every `[name:kind:…]` by the value of `name`), or
 * undefined when it names a value not given (a plugin's own parameter).
 */
export function fillRoute(route: string, values: Record<string, string | undefined>): string | undefined {
  let missing = false;
  const filled = route.replace(/\[([^\]]+)\]/g, (_all, spec: string) => {
    const found = values[spec.split(':')[0]];
    if (found === undefined) missing = true;
    return found ?? '';
  });
  return missing ? undefined : filled;
}

/**
 * The addresses a path had on the old site (Common::url against siteUrl): with URL rewriting on, and
 * without it (`/index.php/…`, what Typecho links to until rewriting is turned on).
 */
export function siteAddresses(siteUrl: string, paths: string[]): string[] {
  const base = siteUrl.trim().replace(/\/+$/, '');
  const join = (prefix: string, p: string) => `${prefix}/${p.replace(/^\/+/, '').replaceAll('//', '/')}`;
  return paths.flatMap((p) => [join(base, p), join(`${base}/index.php`, p)]);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A post's year, month and day in the site's time zone (options `timezone`, seconds east of UTC). */
export function dateParts(created: number, timezone: number): { year: string; month: string; day: string } {
  const d = new Date((created + timezone) * 1000);
  return { year: String(d.getUTCFullYear()), month: pad(d.getUTCMonth() + 1), day: pad(d.getUTCDate()) };
}

const MARKDOWN = '<!--markdown-->';
const MORE = /<!--\s*more\s*-->/;

/**
 * A content row's text as Markdown, and its excerpt (what comes before `<!--more-->`, as plain text):
 * Typecho's editor writes Markdown after a `<!--markdown-->` marker; a row without it is HTML (the
 * older editor, or a post written with Markdown turned off), converted.
 */
export function bodyOf(text: string): { markdown: string; excerpt: string; html: boolean } {
  if (text.startsWith(MARKDOWN)) {
    const md = text.slice(MARKDOWN.length).replace(/\r\n?/g, '\n');
    const more = MORE.exec(md);
    if (!more) return { markdown: md.trim(), excerpt: '', html: false };
    const before = md.slice(0, more.index).trimEnd();
    const after = md.slice(more.index + more[0].length).trimStart();
    return { markdown: `${before}\n\n${after}`.trim(), excerpt: plainText(before), html: false };
  }
  const more = MORE.exec(text);
  return {
    markdown: htmlToMarkdown(text.replace(MORE, '\n\n')),
    excerpt: more ? plainText(htmlToMarkdown(text.slice(0, more.index))) : '',
    html: true,
  };
}

/**
 * What a content row becomes by its type and status: an article's status (1 public, 2 private,
 * 3 draft), or why it is left out. A draft whose `parent` is set is the unpublished edit of that
 * post (Typecho 1.2; `revision` in 1.3): the published version is what is imported.
 */
export function statusOf(
  type: string,
  status: string,
  parent: number,
): { status: number } | { skip: string } {
  if (type === 'post_draft' || type === 'page_draft')
    return parent ? { skip: `内容 cid=${parent} 未发布的修改（草稿）：导入的是已发布的版本` } : { status: 3 };
  if (type === 'revision') return { skip: `内容 cid=${parent} 的修订版本：导入的是当前版本` };
  if (type !== 'post' && type !== 'page') return { skip: `不导入的内容类型 ${type || '（无）'}` };
  if (status === 'publish') return { status: 1 };
  if (status === 'hidden' || status === 'private') return { status: 2 };
  // A contributor's post awaiting review: a draft here, for the owner to publish.
  if (status === 'waiting') return { status: 3 };
  return { skip: `状态 ${status || '（无）'} 不导入` };
}

/** An attachment row's text (serialize()d, or JSON in Typecho 1.3): its file's path and type, or undefined. */
export function attachmentOf(text: string): { path: string; name: string; mime: string } | undefined {
  let parsed: unknown;
  if (text.trimStart().startsWith('{'))
    try {
      parsed = JSON.parse(text);
    } catch {}
  else parsed = unserialize(text);
  const found = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  if (typeof found?.path !== 'string' || !found.path) return undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return { path: found.path, name: str(found.name), mime: str(found.mime) };
}
