import { createHash } from 'node:crypto';
import {
  existsSync,
  type FSWatcher,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  watch,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { parseFile } from 'music-metadata';
import { logger } from '../../core/log.ts';

/**
 * The local music library: every audio file under MUSIC_DIR with its tags, each folder a playlist.
 * The scan result is kept in memory and in an index file (DATA_DIR/music-index.json) so a restart
 * only re-reads files whose size or modification time changed, and so `npm run blog -- music-scan`
 * can hand a fresh scan to a running server (which watches that file).
 */

export const AUDIO_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/aac',
  '.wav': 'audio/wav',
};

const COVER_NAMES = ['cover', 'folder', 'front', 'album'];
const IMAGE_EXT = ['.jpg', '.jpeg', '.png', '.webp'];

export type LocalSong = {
  id: number;
  /** Path relative to MUSIC_DIR with forward slashes. */
  rel: string;
  name: string;
  artists: string[];
  album: string;
  durationMs: number;
  bitrate: number;
  size: number;
  mtimeMs: number;
  track: number;
  folderId: number;
  hasPicture: boolean;
  /** Lyrics from the tags, as LRC text when they were synchronised. */
  embeddedLyrics: string;
};

export type LocalPlaylist = {
  id: number;
  name: string;
  rel: string;
  songIds: number[];
  /** An image file in the folder, relative to MUSIC_DIR. */
  coverRel?: string;
  updatedAt: number;
};

type IndexFile = { version: 1; scannedAt: number; by: number; songs: LocalSong[] };

/** A stable numeric id from a relative path (48 bits of SHA-1: safe in JS, stable across rescans). */
export function stableId(rel: string): number {
  return createHash('sha1').update(rel).digest().readUIntBE(0, 6);
}

const toRel = (p: string) => p.split(path.sep).join('/');

const stamp = (ms: number) => {
  const cs = Math.round(ms / 10);
  return `[${String(Math.floor(cs / 6000)).padStart(2, '0')}:${String(Math.floor((cs % 6000) / 100)).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}]`;
};

async function readTags(file: string, rel: string, size: number, mtimeMs: number): Promise<LocalSong> {
  const meta = await parseFile(file, { duration: true, skipPostHeaders: false });
  const c = meta.common;
  const base = path.basename(rel, path.extname(rel));
  let embeddedLyrics = '';
  for (const lyric of c.lyrics ?? []) {
    if (lyric.syncText?.length) {
      embeddedLyrics = lyric.syncText.map((l) => `${stamp(l.timestamp ?? 0)}${l.text}`).join('\n');
      break;
    }
    if (lyric.text) {
      embeddedLyrics = lyric.text;
      break;
    }
  }
  const artists = c.artists?.length ? c.artists : c.artist ? [c.artist] : [];
  return {
    id: stableId(rel),
    rel,
    // Without a title tag the file name is the title, less a leading track number ("01 ").
    name: c.title?.trim() || base.replace(/^\d+[\s.\-_]+/, '') || base,
    artists: artists.map((a) => a.trim()).filter(Boolean),
    album: c.album?.trim() ?? '',
    durationMs: Math.round((meta.format.duration ?? 0) * 1000),
    bitrate: Math.round(meta.format.bitrate ?? 0),
    size,
    mtimeMs,
    track: c.track?.no ?? 0,
    folderId: stableId(toRel(path.dirname(rel))),
    hasPicture: Boolean(c.picture?.length),
    embeddedLyrics,
  };
}

export type LibraryOptions = { musicDir: string; indexFile: string };

export class Library {
  readonly musicDir: string;
  readonly indexFile: string;
  songs = new Map<number, LocalSong>();
  playlists: LocalPlaylist[] = [];
  scannedAt = 0;
  private scanning: Promise<void> | undefined;
  private again = false;
  private watchers: FSWatcher[] = [];
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(opts: LibraryOptions) {
    this.musicDir = path.resolve(opts.musicDir);
    this.indexFile = opts.indexFile;
  }

  /** Loads the index file left by an earlier scan (instant start); false when there is none. */
  loadIndex(): boolean {
    try {
      const data = JSON.parse(readFileSync(this.indexFile, 'utf8')) as IndexFile;
      if (data.version !== 1 || !Array.isArray(data.songs)) return false;
      this.apply(data.songs, data.scannedAt);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Walks MUSIC_DIR and reads the tags of new or changed files (all files when `full`). Calls
   * made while a scan runs are folded into one more scan afterwards.
   */
  scan(full = false): Promise<void> {
    if (this.scanning) {
      this.again = true;
      return this.scanning;
    }
    this.scanning = (async () => {
      try {
        do {
          this.again = false;
          await this.scanOnce(full);
        } while (this.again);
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  private async scanOnce(full: boolean): Promise<void> {
    mkdirSync(this.musicDir, { recursive: true });
    const known = new Map([...this.songs.values()].map((s) => [s.rel, s]));
    const found: LocalSong[] = [];
    let entries: string[] = [];
    try {
      entries = readdirSync(this.musicDir, { recursive: true, encoding: 'utf8' });
    } catch (err) {
      logger.warn({ err, dir: this.musicDir }, 'music dir unreadable');
    }
    for (const entry of entries.sort()) {
      if (this.closed) return; // the server is stopping: keep the last complete scan
      const ext = path.extname(entry).toLowerCase();
      if (!AUDIO_TYPES[ext] || entry.split(path.sep).some((part) => part.startsWith('.'))) continue;
      const file = path.join(this.musicDir, entry);
      const rel = toRel(entry);
      try {
        const st = statSync(file);
        if (!st.isFile()) continue;
        const old = known.get(rel);
        if (!full && old && old.size === st.size && old.mtimeMs === st.mtimeMs) found.push(old);
        else found.push(await readTags(file, rel, st.size, st.mtimeMs));
      } catch (err) {
        // A broken or half-copied file is skipped; the next change event scans it again.
        logger.warn({ err: (err as Error).message, file: rel }, 'music file skipped');
      }
    }
    const scannedAt = Date.now();
    this.apply(found, scannedAt);
    const index: IndexFile = { version: 1, scannedAt, by: process.pid, songs: found };
    try {
      mkdirSync(path.dirname(this.indexFile), { recursive: true });
      writeFileSync(this.indexFile, JSON.stringify(index));
    } catch (err) {
      logger.warn({ err }, 'music index not written');
    }
  }

  private apply(list: LocalSong[], scannedAt: number): void {
    const songs = new Map<number, LocalSong>();
    const folders = new Map<string, LocalPlaylist>();
    const ordered = [...list].sort((a, b) => a.rel.localeCompare(b.rel, 'zh-CN'));
    for (const song of ordered) {
      songs.set(song.id, song);
      const dir = toRel(path.dirname(song.rel));
      let list = folders.get(dir);
      if (!list) {
        list = {
          id: song.folderId,
          name: dir === '.' ? '本地音乐' : dir.split('/').join(' / '),
          rel: dir,
          songIds: [],
          coverRel: this.folderCover(dir),
          updatedAt: 0,
        };
        folders.set(dir, list);
      }
      list.songIds.push(song.id);
      list.updatedAt = Math.max(list.updatedAt, song.mtimeMs);
    }
    for (const list of folders.values()) {
      const byTrack = list.songIds.map((id) => songs.get(id) as LocalSong);
      byTrack.sort((a, b) => (a.track || 1e9) - (b.track || 1e9) || a.rel.localeCompare(b.rel, 'zh-CN'));
      list.songIds = byTrack.map((s) => s.id);
    }
    this.songs = songs;
    this.playlists = [...folders.values()].sort((a, b) => a.rel.localeCompare(b.rel, 'zh-CN'));
    this.scannedAt = scannedAt;
  }

  private folderCover(dir: string): string | undefined {
    for (const name of COVER_NAMES)
      for (const ext of IMAGE_EXT) {
        const rel = dir === '.' ? `${name}${ext}` : `${dir}/${name}${ext}`;
        if (existsSync(path.join(this.musicDir, rel))) return rel;
      }
    return undefined;
  }

  /** The absolute path of a library file, or null for anything outside MUSIC_DIR. */
  resolve(rel: string): string | null {
    const file = path.resolve(this.musicDir, rel);
    return file.startsWith(this.musicDir + path.sep) ? file : null;
  }

  /** A sidecar file next to the song (same base name, another extension), if present. */
  sidecar(song: LocalSong, ext: string): string | null {
    const file = this.resolve(song.rel.slice(0, -path.extname(song.rel).length) + ext);
    return file && existsSync(file) ? file : null;
  }

  /** Rescans (debounced) when files under MUSIC_DIR change, and reloads the index a CLI scan wrote. */
  watch(): void {
    if (this.watchers.length || this.closed) return;
    const later = () => {
      clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.scan().catch(() => {}), 700);
      this.timer.unref();
    };
    try {
      this.watchers.push(watch(this.musicDir, { recursive: true, persistent: false }, later));
    } catch (err) {
      logger.warn({ err }, 'music dir not watched; use npm run blog -- music-scan after changes');
    }
    try {
      const name = path.basename(this.indexFile);
      this.watchers.push(
        watch(path.dirname(this.indexFile), { persistent: false }, (_event, file) => {
          if (file !== name) return;
          try {
            const data = JSON.parse(readFileSync(this.indexFile, 'utf8')) as IndexFile;
            if (data.by !== process.pid && data.scannedAt > this.scannedAt)
              this.apply(data.songs, data.scannedAt);
          } catch {
            /* a half-written index: the write that completes it fires again */
          }
        }),
      );
    } catch {
      /* no index watching: the server's own watcher still sees file changes */
    }
    for (const w of this.watchers) w.on('error', () => w.close());
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    for (const w of this.watchers) w.close();
    this.watchers = [];
  }

  /** Waits for a running scan, if any. */
  async settled(): Promise<void> {
    while (this.scanning) await this.scanning;
  }
}
