import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { db } from '../../db/connection.ts';
import type { Db } from '../articles/db.ts';
import { type ImageKind, MAX_IMAGE_BYTES, saveImage, sniffImage } from '../uploads.ts';

/**
 * The pictures an imported article uses, copied into the site's uploads and relinked
 * (docs/owner-guide.md#导入与导出): a WordPress upload found in the given wp-content/uploads folder,
 * an image beside a Markdown post, one embedded in it as a data: URI, or (with --fetch-images) one on
 * another site. Anything else (not found, not an image, too large) keeps its address. A picture is
 * copied once, whatever the run: its copy is kept in import_source by the content's SHA-256 (kind
 * `image`), in the transaction of the item that first used it.
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
/** The same, and a reference definition holding a data: URI (`[image1]: <data:image/png;base64,…>`). */
const DATA_REF = new RegExp(
  `${IMAGE_REF.source}|(^[ \\t]{0,3}\\[[^\\]]+\\]:[ \\t]*<?)(data:[^\\s>]+)(>?)`,
  'gm',
);

export class Relinker {
  /** The pictures already copied (by an earlier item or run): SHA-256 → address. */
  private byHash = new Map<string, string>();
  private loaded = false;
  /** Remote pictures fetched (by this run or an earlier one): their address → the copy's. */
  private byUrl = new Map<string, string>();
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

  /** The pictures already copied (by an earlier item or run), loaded once. */
  private async known(trx: Db): Promise<Map<string, string>> {
    if (!this.loaded) {
      const rows = await trx
        .selectFrom('import_source')
        .select(['source_id', 'target_url'])
        .where('source', '=', this.source)
        .where('kind', 'in', ['image', 'image-url'])
        .select('kind')
        .execute();
      for (const r of rows) (r.kind === 'image' ? this.byHash : this.byUrl).set(r.source_id, r.target_url);
      this.loaded = true;
    }
    return this.byHash;
  }

  /** A picture's address here: saved once by its content, recorded in the item's transaction. */
  private async store(bytes: Uint8Array, kind: ImageKind): Promise<string> {
    const trx = this.trx;
    if (!trx) throw new Error('Relinker.trx is not set');
    const byHash = await this.known(trx);
    const hash = createHash('sha256').update(bytes).digest('hex');
    const known = byHash.get(hash);
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
    byHash.set(hash, url);
    return url;
  }

  /** The site's address of a local file, copied once; undefined when it is not an image to copy. */
  private async copy(file: string): Promise<string | undefined> {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_IMAGE_BYTES) return undefined;
    const bytes = await readFile(file);
    const kind = sniffImage(bytes);
    return kind ? this.store(bytes, kind) : undefined;
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
    return relinkRefs(md, IMAGE_REF, async (ref) => {
      if (/^(?:[a-z]+:|\/\/|#)/i.test(ref)) return undefined;
      for (const file of locate(decodedRef(ref))) {
        const url = await this.copy(file);
        if (url) return url;
      }
      return undefined;
    });
  }

  /**
   * Markdown's pictures embedded as `data:image/…;base64,` (Typora, editors that paste pictures into
   * the text; also as a reference `[image1]: <data:…>`): each is uploaded like a local picture, once
   * by its content, and the text names its address. One that is not a picture the site takes, or is
   * too large, stays as it was (the plan lists it: dataPicture).
   */
  async dataImages(md: string): Promise<string> {
    if (!md.includes('data:')) return md;
    return relinkRefs(md, DATA_REF, async (ref) => {
      const picture = dataPicture(ref);
      return 'bytes' in picture ? this.store(picture.bytes, picture.kind) : undefined;
    });
  }

  /**
   * Fetches (with `fetch`: markdown-fetch.ts, public addresses only, a timeout and a size cap) the
   * pictures of `urls` that no run copied before. Called by the item's `prepare`, outside any
   * transaction: a slow site never holds the database's write lock.
   */
  async prefetch(urls: string[], fetch: (url: string) => Promise<Fetched>): Promise<Map<string, Fetched>> {
    await this.known(db);
    const fetched = new Map<string, Fetched>();
    for (const url of new Set(urls.filter((u) => /^https?:\/\//i.test(u))))
      if (!this.byUrl.has(url)) fetched.set(url, await fetch(url));
    return fetched;
  }

  /**
   * Markdown's pictures on other sites (http(s) addresses): one copied before (by any run) is named
   * by its copy, one in `fetched` (prefetch) is uploaded, and `failed` says why one could not be; the
   * rest keep their addresses. Nothing here goes to the network.
   */
  async remoteImages(
    md: string,
    fetched: ReadonlyMap<string, Fetched>,
  ): Promise<{ md: string; failed: { url: string; reason: string }[] }> {
    const trx = this.trx;
    if (!trx) throw new Error('Relinker.trx is not set');
    await this.known(trx);
    const failed: { url: string; reason: string }[] = [];
    const out = await relinkRefs(md, IMAGE_REF, async (ref) => {
      const known = this.byUrl.get(ref);
      if (known) return known;
      const got = fetched.get(ref);
      if (!got) return undefined;
      if ('reason' in got) {
        failed.push({ url: ref, reason: got.reason });
        return undefined;
      }
      const url = await this.store(got.bytes, got.kind);
      // Its address is remembered too: a later run (or an update) names the copy without fetching.
      await trx
        .insertInto('import_source')
        .values({
          source: this.source,
          kind: 'image-url',
          source_id: ref,
          target_id: 0,
          target_url: url,
          createdAt: new Date().toISOString(),
        })
        .execute();
      this.byUrl.set(ref, url);
      return url;
    });
    return { md: out, failed };
  }

  /** A remote picture's copy here (as remoteImages), or the address as it was. */
  async remoteUrl(
    url: string,
    fetched: ReadonlyMap<string, Fetched>,
  ): Promise<{ url: string; failed: { url: string; reason: string }[] }> {
    if (!/^https?:\/\//i.test(url)) return { url, failed: [] };
    const { md, failed } = await this.remoteImages(`![](${url})`, fetched);
    return { url: /^!\[\]\((.*)\)$/.exec(md)?.[1] ?? url, failed };
  }
}

/** What fetching a remote picture gave: the picture, or why not (in Chinese). */
export type Fetched = { bytes: Uint8Array; kind: ImageKind } | { reason: string };

const decodedRef = (ref: string) => {
  try {
    return decodeURIComponent(ref);
  } catch {
    return ref;
  }
};

/** A data: URI's picture, or why it stays as written. */
export function dataPicture(uri: string): Fetched {
  const m = /^data:([^;,]*)((?:;[^;,]*)*),/i.exec(uri);
  if (!m) return { reason: '不是有效的 data: URI' };
  if (!/;base64$/i.test(m[2])) return { reason: `不是 base64 编码的图片（${m[1] || 'text/plain'}）` };
  const payload = uri.slice(m[0].length);
  // Base64's length says the size before it is decoded: a huge one is not decoded at all.
  if ((payload.length * 3) / 4 > MAX_IMAGE_BYTES) return { reason: '超过 20 MB' };
  const bytes = Buffer.from(payload, 'base64');
  const kind = sniffImage(bytes);
  if (!kind) return { reason: `不是本站能用的图片（${m[1] || '未知类型'}；支持 JPEG、PNG、GIF、WebP）` };
  return { bytes, kind };
}

/** Every picture reference of the text (local, data: and remote), in order. */
export function pictureRefs(md: string): string[] {
  const refs = [...md.matchAll(IMAGE_REF)].map((m) => (m[2] ?? m[5]).replace(/^<|>$/g, ''));
  for (const m of md.matchAll(DATA_REF)) if (m[8]) refs.push(m[8]);
  return refs;
}

/** The remote (http, https) pictures of the text, each once. */
export const remotePictures = (md: string) => [
  ...new Set(pictureRefs(md).filter((r) => /^https?:\/\//i.test(r))),
];

/**
 * `md` with each picture reference `resolve` gives an address for replaced by it (each reference
 * resolved once); the rest stay as written.
 */
async function relinkRefs(
  md: string,
  pattern: RegExp,
  resolve: (ref: string) => Promise<string | undefined>,
): Promise<string> {
  const found = new Map<string, string | undefined>();
  for (const m of md.matchAll(pattern)) {
    const ref = (m[2] ?? m[5] ?? m[8]).replace(/^<|>$/g, '');
    if (!found.has(ref)) found.set(ref, await resolve(ref));
  }
  if (![...found.values()].some(Boolean)) return md;
  return md.replace(pattern, (all, a, ref, b, c, src, d, e, def, f) => {
    if (a) {
      const url = found.get(ref.replace(/^<|>$/g, ''));
      return url ? `${a}${url}${b}` : all;
    }
    if (c) {
      const url = found.get(src);
      return url ? `${c}${url}${d}` : all;
    }
    const url = found.get(def);
    return url ? `${e}${url}${f}` : all;
  });
}
