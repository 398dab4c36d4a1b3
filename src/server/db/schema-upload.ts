import type { Generated } from 'kysely';

/** The uploads table (migration 0033), apart from schema.ts: it changes with services/images only. */
export interface UploadTables {
  upload: UploadTable;
}

/**
 * One uploaded picture and its variants (services/images, docs/architecture.md#image-variants). The
 * stored original is at `url`; its variants beside it (lib/picture.ts variantUrl).
 */
export interface UploadTable {
  id: Generated<number>;
  /** `/uploads/<yyyy-mm>/<name>`: the whole value a row or Markdown names it by. */
  url: string;
  /** The file's name on the uploader's machine ('' when unknown: files found by `blog images`). */
  original_name: Generated<string>;
  mime: string;
  /** Bytes of the stored original. */
  byte_size: number;
  /** Of the stored original, orientation applied (0 until read, for a file found on disk). */
  width: Generated<number>;
  height: Generated<number>;
  /** 1: an animated GIF, served as it is, no variants. */
  animated: Generated<number>;
  /** ThumbHash of the picture, base64; '' until made. */
  thumbhash: Generated<string>;
  /** The ThumbHash drawn as a tiny WebP data: URL, the page's background until the picture loads. */
  placeholder: Generated<string>;
  /** The variant widths made, comma-separated ('480,960,1600'); '' until made or for none. */
  variant_widths: Generated<string>;
  /** pending → working → done, or failed after the last attempt. */
  status: Generated<'pending' | 'working' | 'done' | 'failed'>;
  attempts: Generated<number>;
  /** A row being worked on belongs to the process that took it until then (ISO instant). */
  lease_until: string | null;
  last_error: Generated<string>;
  /** Who uploaded it (null: found on disk). */
  user_id: number | null;
  createdAt: string;
}
