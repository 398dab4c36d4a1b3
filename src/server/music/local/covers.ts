import { statSync } from 'node:fs';
import path from 'node:path';
import type { Context } from 'hono';
import { parseFile } from 'music-metadata';
import { coverPng } from '../../services/music/demo.ts';
import type { Library, LocalPlaylist, LocalSong } from '../../services/music/library.ts';
import { sendFileRange } from '../respond.ts';

/**
 * Artwork of /wapi/cover/…: a song's embedded picture, else an image beside the file (song.jpg),
 * else its folder's cover, else one generated placeholder; never a 404, so a list of covers never
 * shows a broken image.
 */

const IMAGE_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
};

/** Recent embedded covers, so a list of covers does not re-read every audio file. */
const pictureCache = new Map<string, { data: Uint8Array; type: string } | null>();
async function embeddedPicture(file: string, key: string) {
  if (pictureCache.has(key)) return pictureCache.get(key) ?? null;
  let pic: { data: Uint8Array; type: string } | null = null;
  try {
    const meta = await parseFile(file, { skipCovers: false, duration: false });
    const p = meta.common.picture?.[0];
    if (p) pic = { data: p.data, type: p.format.includes('/') ? p.format : `image/${p.format}` };
  } catch {
    pic = null;
  }
  if (pictureCache.size >= 64) pictureCache.delete(pictureCache.keys().next().value as string);
  pictureCache.set(key, pic);
  return pic;
}

let fallbackCover: Buffer | undefined;
const imageResponse = (data: Uint8Array, type: string) =>
  new Response(new Uint8Array(data), {
    headers: {
      'Content-Type': type,
      'Cache-Control': 'public, max-age=86400',
      'X-Content-Type-Options': 'nosniff',
    },
  });

const fallback = () => {
  fallbackCover ??= coverPng(210, 7);
  return imageResponse(fallbackCover, 'image/png');
};

/** An image file of the library (relative path), with Range and ETag; null when it is not there. */
function serveImage(lib: Library, c: Context, rel: string): Response | null {
  const file = lib.resolve(rel);
  const type = IMAGE_TYPES[path.extname(rel).toLowerCase()];
  if (!file || !type) return null;
  try {
    return sendFileRange(c, file, statSync(file), type);
  } catch {
    return null;
  }
}

export async function songCoverResponse(lib: Library, c: Context, song: LocalSong | undefined) {
  if (!song) return fallback();
  const file = lib.resolve(song.rel);
  if (song.hasPicture && file) {
    const pic = await embeddedPicture(file, `${song.id}:${song.mtimeMs}`);
    if (pic) return imageResponse(pic.data, pic.type);
  }
  const base = song.rel.slice(0, -path.extname(song.rel).length);
  for (const ext of Object.keys(IMAGE_TYPES)) {
    const own = lib.sidecar(song, ext) && serveImage(lib, c, base + ext);
    if (own) return own;
  }
  const folder = lib.playlists.find((p) => p.id === song.folderId);
  return (folder?.coverRel && serveImage(lib, c, folder.coverRel)) || fallback();
}

/** A folder's cover image, else its first song's cover. */
export async function playlistCoverResponse(lib: Library, c: Context, list: LocalPlaylist | undefined) {
  if (!list) return fallback();
  if (list.coverRel) {
    const img = serveImage(lib, c, list.coverRel);
    if (img) return img;
  }
  return songCoverResponse(lib, c, lib.songs.get(list.songIds[0]));
}
