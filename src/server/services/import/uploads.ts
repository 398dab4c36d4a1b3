import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../articles/db.ts';
import { MAX_IMAGE_BYTES, saveImage, sniffImage } from '../uploads.ts';

/**
 * The pictures an imported article uses, copied into the site's uploads and relinked
 * (docs/owner-guide.md#导入与导出): a WordPress upload found in the given wp-content/uploads folder,
 * or an image beside a Markdown post. Anything else (not found, not an image, too large) keeps its
 * address. A picture is copied once, whatever the run: its copy is kept in import_source by the
 * content's SHA-256 (kind `image`), in the transaction of the item that first used it.
 */

/** An address of a file under `marker` (`/wp-content/uploads/`, the original project's `/upload/`). */
const uploadPattern = (marker: string) =>
  new RegExp(
    `(?:(?:https?:)?//[^\\s"'()<>[\\]]+)?${marker.replaceAll('/', '\\/')}([^\\s"'()<>[\\]?#]+)`,
    'g',
  );
/** A Markdown image or an HTML <img>'s address. */
const IMAGE_REF =
  /(!\[[^\]]*\]\()(<[^>]+>|[^)\s]+)((?:\s+"[^"]*")?\))|(<img\b[^>]*?\bsrc=["'])([^"']+)(["'])/g;

export class Relinker {
  /** The pictures already copied (by an earlier item or run): SHA-256 → address. */
  private byHash = new Map<string, string>();
  private loaded = false;
  /** The transaction of the item being written: a new copy is recorded in it. */
  trx?: Db;
  private readonly source: string;
  private readonly uploadsDir?: string;
  private readonly pattern: RegExp;
  constructor(source: string, uploadsDir?: string, marker = '/wp-content/uploads/') {
    this.source = source;
    this.uploadsDir = uploadsDir;
    this.pattern = uploadPattern(marker);
  }

  /** The site's address of a local file, copied once; undefined when it is not an image to copy. */
  private async copy(file: string): Promise<string | undefined> {
    const trx = this.trx;
    if (!trx) throw new Error('Relinker.trx is not set');
    if (!this.loaded) {
      const rows = await trx
        .selectFrom('import_source')
        .select(['source_id', 'target_url'])
        .where('source', '=', this.source)
        .where('kind', '=', 'image')
        .execute();
      for (const r of rows) this.byHash.set(r.source_id, r.target_url);
      this.loaded = true;
    }
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_IMAGE_BYTES) return undefined;
    const bytes = await readFile(file);
    const kind = sniffImage(bytes);
    if (!kind) return undefined;
    const hash = createHash('sha256').update(bytes).digest('hex');
    const known = this.byHash.get(hash);
    if (known) return known;
    const url = await saveImage(bytes, kind);
    await trx
      .insertInto('import_source')
      .values({
        source: this.source,
        kind: 'image',
        source_id: hash,
        target_id: 0,
        target_url: url,
        createdAt: new Date().toISOString(),
      })
      .execute();
    this.byHash.set(hash, url);
    return url;
  }

  private wpFile(url: string): string | undefined {
    if (!this.uploadsDir) return undefined;
    this.pattern.lastIndex = 0;
    const rel = this.pattern.exec(url)?.[1];
    if (!rel) return undefined;
    let decoded = rel;
    try {
      decoded = decodeURIComponent(rel);
    } catch {}
    const file = path.resolve(this.uploadsDir, decoded);
    // Only inside the folder given: a `..` in an address reads nothing else.
    return file.startsWith(path.resolve(this.uploadsDir) + path.sep) ? file : undefined;
  }

  /** An upload's address here (copied from the folder given), or the address as it was. */
  async url(url: string): Promise<string> {
    const file = this.wpFile(url);
    return (file && (await this.copy(file))) || url;
  }

  /** Markdown with every WordPress upload address it holds replaced by the copy's. */
  async markdown(md: string): Promise<string> {
    if (!this.uploadsDir) return md;
    const found = new Map<string, string>();
    for (const m of md.matchAll(this.pattern)) if (!found.has(m[0])) found.set(m[0], await this.url(m[0]));
    return md.replace(this.pattern, (m) => found.get(m) ?? m);
  }

  /** A local picture's address here (copied) when `locate` finds it; else the address as it was. */
  async localUrl(ref: string, locate: (ref: string) => string[]): Promise<string> {
    if (!ref || /^(?:[a-z]+:|\/\/|#)/i.test(ref)) return ref;
    for (const file of locate(ref)) {
      const url = await this.copy(file);
      if (url) return url;
    }
    return ref;
  }

  /**
   * Markdown whose images name local files (`![](./a.png)`, `<img src="images/a.png">`): each file
   * `locate` finds is copied and its address replaced; the rest stay.
   */
  async localImages(md: string, locate: (ref: string) => string[]): Promise<string> {
    const found = new Map<string, string>();
    for (const m of md.matchAll(IMAGE_REF)) {
      const ref = (m[2] ?? m[5]).replace(/^<|>$/g, '');
      if (found.has(ref) || /^(?:[a-z]+:|\/\/|#)/i.test(ref)) continue;
      let decoded = ref;
      try {
        decoded = decodeURIComponent(ref);
      } catch {}
      for (const file of locate(decoded)) {
        const url = await this.copy(file);
        if (url) {
          found.set(ref, url);
          break;
        }
      }
    }
    if (!found.size) return md;
    return md.replace(IMAGE_REF, (all, a, ref, b, c, src, d) => {
      if (a) {
        const url = found.get(ref.replace(/^<|>$/g, ''));
        return url ? `${a}${url}${b}` : all;
      }
      const url = found.get(src);
      return url ? `${c}${url}${d}` : all;
    });
  }
}
