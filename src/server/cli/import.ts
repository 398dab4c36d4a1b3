import { reportLines } from '../../lib/import-report.ts';
import { planFor } from '../services/import/detect.ts';
import { dryRun, runImport } from '../services/import/run.ts';
import type { Progress } from '../services/import/types.ts';

/**
 * `npm run blog -- import <source> [--dry-run] [--uploads <folder>] [--fetch-images] [--allow-private]`
 * (docs/owner-guide.md#导入与导出): the dry run first (what would be created, what is skipped and why),
 * then — unless --dry-run — the run with a progress bar, and the report. --fetch-images: a Markdown
 * post's pictures on other sites are fetched into this one (public addresses only). --allow-private:
 * a mysql:// host may be loopback or private (a MySQL on this machine or its network); without it a
 * mysql:// address is held to public addresses, as in the console.
 */

/** A bar redrawn in place on a terminal; a line per tenth elsewhere (a log file, a test). */
function progressBar(): Progress {
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  return (done, totalItems) => {
    const share = totalItems ? done / totalItems : 1;
    if (tty) {
      const width = 30;
      const full = Math.round(share * width);
      process.stderr.write(
        `\r[${'#'.repeat(full)}${' '.repeat(width - full)}] ${Math.round(share * 100)}% ${done}/${totalItems}`,
      );
      if (done === totalItems) process.stderr.write('\n');
    } else if (Math.floor(share * 10) > lastTenth) {
      lastTenth = Math.floor(share * 10);
      console.error(`进度 ${Math.round(share * 100)}%（${done}/${totalItems}）`);
    }
  };
}

export function parseImportArgs(args: string[]): {
  source?: string;
  dryRun: boolean;
  uploads?: string;
  fetchImages: boolean;
  allowPrivate: boolean;
} {
  let source: string | undefined;
  let uploads: string | undefined;
  let dry = false;
  let fetchImages = false;
  let allowPrivate = false;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--dry-run') dry = true;
    else if (args[i] === '--fetch-images') fetchImages = true;
    else if (args[i] === '--allow-private') allowPrivate = true;
    else if (args[i] === '--uploads') {
      uploads = args[++i];
      if (!uploads)
        throw new Error(
          '--uploads 后面需要一个图片文件夹（WordPress 的 wp-content/uploads 或原项目的 upload）',
        );
    } else if (args[i].startsWith('--')) throw new Error(`未知的选项：${args[i]}`);
    else if (!source) source = args[i];
    else throw new Error(`多余的参数：${args[i]}`);
  }
  return { source, dryRun: dry, uploads, fetchImages, allowPrivate };
}

/** Returns the number of items that failed. */
export async function importCommand(args: string[]): Promise<number> {
  const opts = parseImportArgs(args);
  if (!opts.source)
    throw new Error(
      'import 需要一个来源：WordPress 导出的 .xml、Markdown 文件夹或 .zip、mysql:// 地址或 .tar.gz 归档',
    );
  const plan = await planFor(opts.source, {
    uploads: opts.uploads,
    fetchImages: opts.fetchImages,
    mysql: { allowPrivate: opts.allowPrivate },
  });
  try {
    const preview = await dryRun(plan);
    for (const l of reportLines(preview)) console.log(l);
    if (opts.dryRun) return preview.failed.length;
    console.log('开始导入……');
    const report = await runImport(plan, progressBar());
    for (const l of reportLines(report)) console.log(l);
    return report.failed.length;
  } finally {
    await plan.close?.();
  }
}
