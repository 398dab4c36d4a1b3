import type { IncomingMessage, ServerResponse } from 'node:http';
import { config } from '../config.ts';
import { isPartialFile } from '../core/whole-file.ts';
import { resolveInside, sendFile } from '../static.ts';

/** UPLOADS_DIR (default DATA_DIR/uploads; a shared volume when several machines serve the site). */
export const uploadsDir = () => config.uploadsDir;

/** An uploaded file opened directly runs nothing (also sent by the `astro dev` route). */
export const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * The finished upload a path names, or null: never outside the folder, never a file still being
 * written (core/whole-file.ts; its real name is checked, so no symlink leads to one either).
 */
export function uploadedFile(urlPath: string): ReturnType<typeof resolveInside> {
  const found = resolveInside(uploadsDir(), urlPath);
  return found && !isPartialFile(found.file) ? found : null;
}

/**
 * GET /uploads/<path>: files users uploaded (and the demo images), never outside the uploads
 * folder. A sandboxing CSP keeps an uploaded file from running anything if opened directly.
 */
export function serveUpload(req: IncomingMessage, res: ServerResponse, urlPath: string): void {
  const found = uploadedFile(urlPath.slice('/uploads/'.length));
  if (!found || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    return;
  }
  sendFile(req, res, found, {
    cacheControl: 'public, max-age=86400',
    headers: { 'Content-Security-Policy': UPLOAD_CSP },
  });
}
