import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Plan } from './types.ts';

/**
 * Which source `import <source>` was given (docs/owner-guide.md#导入与导出), by what it is rather than
 * its name alone: a `mysql://` address, a folder of Markdown, a zip of one, our own archive
 * (.tar.gz), or a WordPress export (an RSS file from WordPress's exporter).
 */

export type ImportOptions = {
  /**
   * The old site's pictures (WordPress's wp-content/uploads, the original project's upload folder):
   * the files an import uses are copied instead of kept as URLs.
   */
  uploads?: string;
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

/** A WXR file: an RSS document from WordPress's exporter. */
const WXR = /<rss[\s>][\s\S]*wordpress\.org\/export\//;

export async function planFor(source: string, options: ImportOptions = {}): Promise<Plan> {
  if (options.uploads && !(await stat(options.uploads).catch(() => undefined))?.isDirectory())
    throw new Error(`找不到图片文件夹：${options.uploads}`);
  const uploads = options.uploads && path.resolve(options.uploads);
  // Each reader is loaded when its source comes (mysql2, turndown, tar): a CLI command or a server
  // that imports nothing starts without them.
  if (/^mysql:\/\//i.test(source)) return (await import('./mysql.ts')).mysqlPlan(source, uploads);
  const file = path.resolve(source);
  const info = await stat(file).catch(() => undefined);
  if (!info) throw new Error(`找不到导入来源：${source}`);
  if (info.isDirectory()) return (await import('./markdown.ts')).markdownPlan(file, path.basename(file));
  const start = await head(file);
  if (start.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return (await import('./markdown.ts')).zipPlan(file);
  if (start[0] === 0x1f && start[1] === 0x8b) return (await import('../archive/import.ts')).archivePlan(file);
  if (WXR.test(start.toString('utf8'))) return (await import('./wxr.ts')).wxrPlan(file, uploads);
  throw new Error(
    `无法识别的导入来源：${source}（支持 WordPress 导出的 .xml、Markdown 文件夹或 .zip、mysql:// 地址、本站的 .tar.gz 归档）`,
  );
}
