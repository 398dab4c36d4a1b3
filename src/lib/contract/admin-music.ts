/** One song of the console's music library (GET /api/music/getLibrary). */
export type MusicSong = {
  id: number;
  name: string;
  artists: string[];
  album: string;
  durationMs: number;
  size: number;
  /** The file's name in its folder. */
  file: string;
  /** /wapi/cover/song/{id} (a placeholder when the song has none). */
  cover: string;
  /** A picture in the tags, beside the file or in the folder. */
  hasCover: boolean;
  /** A sidecar .lrc or lyrics in the tags. */
  hasLyrics: boolean;
  updatedAt: string;
};

/** A folder of MUSIC_DIR (a playlist of the player); `rel` "" is MUSIC_DIR itself. */
export type MusicFolder = { id: number; name: string; rel: string; cover: string; songs: MusicSong[] };

/** The local library, or in proxy mode (MUSIC_API_URL) the upstream's origin and no folders. */
export type MusicLibrary = {
  mode: 'local' | 'proxy';
  proxy: string | null;
  scannedAt: string | null;
  folders: MusicFolder[];
};
