import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Plan } from './types.ts';

/**
 * Which source `import <source>` was given (docs/owner-guide.md#导入与导出), by what it is rather than
 * its name alone: a `mysql://` address, a folder of Markdown, a zip of one, our own archive
 * (.tar.gz), or a WordPress export (an RSS file from WordPress's exporter); a comment tool's export
 * (Waline, Twikoo, Artalk: JSON of their shape; Disqus: XML with its `<disqus>` root).
 */

export type ImportOptions = {
  /**
   * The old site's pictures (WordPress's wp-content/uploads, the original project's upload folder):
   * the files an import uses are copied instead of kept as URLs.
   */
  uploads?: string;
  /**
   * `--fetch-images`: a Markdown post's pictures on other sites are fetched into this one (public
   * addresses only, markdown-fetch.ts); the options are the tests' (a local server, a short timeout).
   */
  fetchImages?: boolean | import('./markdown-fetch.ts').FetchOptions;
  /**
   * A `mysql://` source's reach (mysql-connect.ts): public addresses only unless `allowPrivate` (the
   * CLI's `--allow-private`; the console never sets it), and the tests' short connect timeout.
   */
  mysql?: import('./mysql-connect.ts').MysqlReach;
};

async function head(file: string): Promise<Buffer> {
  const fh = await open(file);
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/** An SQLite database's first bytes: Typecho's SQLite adapter keeps the blog in one. */
const SQLITE = Buffer.from('SQLite format 3\0', 'latin1');

/** A WXR file: an RSS document from WordPress's exporter. */
const WXR = /<rss[\s>][\s\S]*wordpress\.org\/export\//;

/** A Disqus export: its root element in the namespace Disqus writes. */
const DISQUS = /<disqus\b[^>]*\bxmlns\s*=\s*["']http:\/\/disqus\.com\/?["']/;

/** JSON (a comment tool's export, told apart by its shape in comments/index.ts). */
const JSON_START = /^(\uFEFF)?\s*[[{]/;

export async function planFor(source: string, options: ImportOptions = {}): Promise<Plan> {
  if (options.uploads && !(await stat(options.uploads).catch(() => undefined))?.isDirectory())
    throw new Error(`找不到图片文件夹：${options.uploads}`);
  const uploads = options.uploads && path.resolve(options.uploads);
  // Each reader is loaded when its source comes (mysql2, turndown, tar): a CLI command or a server
  // that imports nothing starts without them.
  // A MySQL database is Typecho's when its tables are (any prefix), else the original project's.
  if (/^mysql:\/\//i.test(source))
    return (
      (await (await import('./typecho.ts')).typechoMysqlPlan(source, uploads, options.mysql)) ??
      (await import('./mysql.ts')).mysqlPlan(source, uploads, options.mysql)
    );
  const file = path.resolve(source);
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new Error(`找不到导入来源：${source}`);
  if (info.isDirectory())
    return (await import('./markdown.ts')).markdownPlan(file, path.basename(file), options);
  const start = await head(file);
  if (start.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return (await import('./markdown.ts')).zipPlan(file, options);
  if (start[0] === 0x1f && start[1] === 0x8b) return (await import('../archive/import.ts')).archivePlan(file);
  if (WXR.test(start.toString('utf8'))) return (await import('./wxr.ts')).wxrPlan(file, uploads);
  if (DISQUS.test(start.toString('utf8'))) return (await import('./comments/index.ts')).disqusPlan(file);
  const comments = JSON_START.test(start.toString('utf8'))
    ? await (await import('./comments/index.ts')).commentJsonPlan(file)
    : undefined;
  if (comments) return comments;
  if (start.subarray(0, 16).equals(SQLITE))
    return (await import('./typecho.ts')).typechoSqlitePlan(file, uploads);
  throw new Error(
    `无法识别的导入来源：${source}（支持 WordPress 导出的 .xml、Markdown 文件夹或 .zip、mysql:// 地址（原项目或 Typecho）、Typecho 的 SQLite 数据库文件、本站的 .tar.gz 归档、Waline / Twikoo / Artalk 评论导出的 .json、Disqus 评论导出的 .xml）`,
  );
}
