import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { MusicFolder, MusicLibrary } from '../../../lib/contract/admin-music.ts';
import { type Config, config } from '../../config.ts';
import { asDiskFull } from '../../core/disk-full.ts';
import { conflict, invalid } from '../../core/errors.ts';
import { MSG } from '../../core/messages.ts';
import { writeWhole } from '../../core/whole-file.ts';
import { AUDIO_TYPES, type Library, type LocalSong } from './library.ts';
import { listCover, songCover } from './netease-shapes.ts';
import { currentLibrary, startMusic } from './service.ts';

/**
 * The console's music library (/admin/music): the local service's folders and songs, uploads
 * into MUSIC_DIR and a rescan. In proxy mode (MUSIC_API_URL) there is no local library to show.
 */

/** The largest audio file accepted (a long FLAC track fits), and the largest .lrc. */
export const MAX_AUDIO_BYTES = 50 * 1024 * 1024;
export const MAX_LRC_BYTES = 512 * 1024;

export const PROXY_REFUSAL = '已配置 MUSIC_API_URL（代理模式），本地音乐库未启用';
const FILE_TAKEN = '同名文件已存在，请先改名';

const SIDE_IMAGES = ['.jpg', '.jpeg', '.png', '.webp'];

const proxyOrigin = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

async function localLibrary(cfg: Config): Promise<Library> {
  if (cfg.musicApiUrl) throw invalid(PROXY_REFUSAL);
  return currentLibrary() ?? (await startMusic(cfg));
}

function folderOf(lib: Library, p: Library['playlists'][number]): MusicFolder {
  return {
    id: p.id,
    name: p.name,
    rel: p.rel === '.' ? '' : p.rel,
    cover: p.coverRel ? listCover(p) : '',
    songs: p.songIds.map((id) => {
      const s = lib.songs.get(id) as LocalSong;
      return {
        id: s.id,
        name: s.name,
        artists: s.artists,
        album: s.album,
        durationMs: s.durationMs,
        size: s.size,
        file: path.posix.basename(s.rel),
        cover: songCover(s),
        hasCover: s.hasPicture || SIDE_IMAGES.some((ext) => lib.sidecar(s, ext)) || Boolean(p.coverRel),
        hasLyrics: Boolean(lib.sidecar(s, '.lrc') || s.embeddedLyrics),
        updatedAt: new Date(s.mtimeMs).toISOString(),
      };
    }),
  };
}

/** The library as the console lists it, or the proxy's status. */
export async function libraryView(cfg: Config = config): Promise<MusicLibrary> {
  if (cfg.musicApiUrl)
    return { mode: 'proxy', proxy: proxyOrigin(cfg.musicApiUrl), scannedAt: null, folders: [] };
  const lib = await localLibrary(cfg);
  return {
    mode: 'local',
    proxy: null,
    scannedAt: lib.scannedAt ? new Date(lib.scannedAt).toISOString() : null,
    folders: lib.playlists.map((p) => folderOf(lib, p)),
  };
}

/** Scans MUSIC_DIR again, every file's tags re-read (the CLI's music-scan). */
export async function rescanLibrary(cfg: Config = config): Promise<{ songs: number; folders: number }> {
  const lib = await localLibrary(cfg);
  await lib.scan(true);
  return { songs: lib.songs.size, folders: lib.playlists.length };
}

// Characters no file name may have here (Windows' reserved ones too, so a copied library still works).
const BAD_CHARS = /[\\/:*?"<>|\p{Cc}\p{Cf}]/u;

/** One folder or file name part: trimmed, not hidden, no separators or control characters. */
function safePart(part: string, what: string): string {
  const p = part.normalize('NFC').trim();
  if (!p || p === '.' || p === '..' || p.startsWith('.')) throw invalid(`${what}不能为空，也不能以 . 开头`);
  if (BAD_CHARS.test(p)) throw invalid(`${what}不能包含 \\ / : * ? " < > | 或控制字符`);
  if (p.length > 80) throw invalid(`${what}最多 80 个字`);
  return p;
}

/** A folder under MUSIC_DIR, `a/b` at most two levels deep; "" is MUSIC_DIR itself. */
export function safeFolder(folder: string): string[] {
  const parts = folder.split('/').filter((p) => p.trim() !== '');
  if (parts.length > 2) throw invalid('文件夹最多两层');
  return parts.map((p) => safePart(p, '文件夹名'));
}

const startsWith = (b: Uint8Array, text: string, at = 0) =>
  b.length >= at + text.length && [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));

/** Whether the first bytes are those of the audio type the extension names (a renamed file is not audio). */
function looksLikeAudio(ext: string, b: Uint8Array): boolean {
  const mpegFrame = b.length > 1 && b[0] === 0xff && (b[1] & 0xe0) === 0xe0;
  switch (ext) {
    case '.mp3':
      return startsWith(b, 'ID3') || mpegFrame;
    case '.aac':
      return startsWith(b, 'ID3') || mpegFrame;
    case '.flac':
      return startsWith(b, 'fLaC') || startsWith(b, 'ID3');
    case '.ogg':
    case '.oga':
    case '.opus':
      return startsWith(b, 'OggS');
    case '.m4a':
    case '.mp4':
      return startsWith(b, 'ftyp', 4);
    case '.wav':
      return startsWith(b, 'RIFF') && startsWith(b, 'WAVE', 8);
    default:
      return false;
  }
}

export const AUDIO_EXTS = Object.keys(AUDIO_TYPES);
const TYPES_TEXT = `只能上传音频（${AUDIO_EXTS.map((e) => e.slice(1)).join('、')}）或 .lrc 歌词`;

/**
 * Stores one uploaded file in a folder of MUSIC_DIR: an audio file whose bytes match its extension, or
 * an .lrc of UTF-8 text. The name is the upload's own, made safe; an existing file is never replaced.
 * The library is rescanned before answering, so the listing shows the file at once.
 */
export async function saveMusicFile(
  folder: string,
  name: string,
  bytes: Uint8Array,
  cfg: Config = config,
): Promise<{ file: string; folder: string; rel: string }> {
  const lib = await localLibrary(cfg);
  const parts = safeFolder(folder);
  const base = safePart(path.basename(name.replace(/\\/g, '/')), '文件名');
  const ext = path.extname(base).toLowerCase();
  const lower = base.toLowerCase();
  if (bytes.length === 0) throw invalid('文件是空的');
  if (lower.endsWith('.lrc')) {
    if (bytes.length > MAX_LRC_BYTES) throw invalid('歌词文件不能超过 512KB');
    const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
    if (text.includes('\uFFFD') || text.includes('\0')) throw invalid('歌词文件必须是 UTF-8 文本');
  } else {
    if (!AUDIO_TYPES[ext]) throw invalid(TYPES_TEXT);
    if (bytes.length > MAX_AUDIO_BYTES) throw invalid('音频文件不能超过 50MB');
    if (!looksLikeAudio(ext, bytes)) throw invalid(`文件内容不是 ${ext.slice(1)} 音频`);
  }
  const dir = path.join(lib.musicDir, ...parts);
  const target = path.join(dir, base);
  // Belt and braces: whatever the parts were, the file stays inside MUSIC_DIR.
  if (!lib.resolve(path.relative(lib.musicDir, target))) throw invalid('文件夹名不正确');
  if (existsSync(target)) throw conflict(FILE_TAKEN);
  try {
    await mkdir(dir, { recursive: true });
    // Whole or not at all (a full disk leaves no cut-short song for the scan to list); never replaces.
    await writeWhole(target, bytes);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw conflict(FILE_TAKEN);
    throw asDiskFull(err, MSG.diskFullUpload);
  }
  await lib.scan();
  return { file: base, folder: parts.join('/'), rel: [...parts, base].join('/') };
}
