import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { VARIANT_FORMATS, variantUrl } from '../../../lib/picture.ts';
import { isPartialFile } from '../../core/whole-file.ts';
import { db } from '../../db/connection.ts';
import { sniffImage } from '../uploads.ts';
import { readHeader } from './process.ts';
import { uploadPath } from './queue.ts';

/**
 * Uploads from before the variants (`npm run blog -- images`, docs/owner-guide.md#图片的多种尺寸): every
 * raster picture of the uploads folder without a row gets one (pending), and a finished row whose
 * variant files are gone is made pending again. Running it twice changes nothing the second time.
 */

const RASTER = /\.(jpe?g|png|webp|gif)$/i;
const VARIANT = /^(.+)-\d+\.(avif|webp)$/;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() && !isPartialFile(full)) yield full;
  }
}

/** Whether a file is a variant of an original beside it (abc-480.webp beside abc.jpg). */
function isVariant(name: string, siblings: Set<string>): boolean {
  const stem = VARIANT.exec(name)?.[1];
  return (
    !!stem &&
    [...siblings].some((s) => s !== name && RASTER.test(s) && s.slice(0, s.lastIndexOf('.')) === stem)
  );
}

export type ScanResult = { recorded: number; redo: number; skipped: number };

export async function recordExistingUploads(uploadsDir: string): Promise<ScanResult> {
  const result: ScanResult = { recorded: 0, redo: 0, skipped: 0 };
  const known = new Set((await db.selectFrom('upload').select('url').execute()).map((r) => r.url));
  const files: string[] = [];
  for await (const f of walk(uploadsDir)) files.push(f);
  const byDir = new Map<string, Set<string>>();
  for (const f of files) {
    const d = path.dirname(f);
    if (!byDir.has(d)) byDir.set(d, new Set());
    byDir.get(d)?.add(path.basename(f));
  }
  for (const file of files) {
    const name = path.basename(file);
    if (!RASTER.test(name) || isVariant(name, byDir.get(path.dirname(file)) ?? new Set())) continue;
    const url = `/uploads/${path.relative(uploadsDir, file).split(path.sep).join('/')}`;
    if (known.has(url)) continue;
    const bytes = new Uint8Array(await readFile(file));
    const kind = sniffImage(bytes);
    const head = kind ? await readHeader(bytes).catch(() => null) : null;
    if (!kind || !head) {
      result.skipped++;
      continue;
    }
    await db
      .insertInto('upload')
      .values({
        url,
        mime: kind.mime,
        byte_size: (await stat(file)).size,
        width: head.width,
        height: head.height,
        animated: head.animated ? 1 : 0,
        status: head.animated ? 'done' : 'pending',
        user_id: null,
        createdAt: (await stat(file)).mtime.toISOString(),
      })
      .onConflict((oc) => oc.column('url').doNothing())
      .execute();
    result.recorded++;
  }
  // A finished row whose files went missing (a restored backup without them) is made again.
  const done = await db
    .selectFrom('upload')
    .select(['id', 'url', 'variant_widths'])
    .where('status', '=', 'done')
    .execute();
  for (const row of done) {
    const widths = row.variant_widths ? row.variant_widths.split(',').map(Number) : [];
    const missing = await Promise.all(
      widths.flatMap((w) =>
        VARIANT_FORMATS.map((f) =>
          stat(uploadPath(uploadsDir, variantUrl(row.url, w, f))).then(
            () => false,
            () => true,
          ),
        ),
      ),
    );
    if (missing.some(Boolean)) {
      await db
        .updateTable('upload')
        .set({ status: 'pending', attempts: 0 })
        .where('id', '=', row.id)
        .execute();
      result.redo++;
    }
  }
  // Failed rows are tried again from the start (the cause may be fixed: a file put back, more memory).
  const failed = await db
    .updateTable('upload')
    .set({ status: 'pending', attempts: 0 })
    .where('status', '=', 'failed')
    .executeTakeFirst();
  result.redo += Number(failed.numUpdatedRows);
  return result;
}
