import type { MusicLibrary } from '../../contract/admin-music.ts';
import { get, post } from '../client.ts';
import { type BatchFile, uploadFileWithProgress } from './upload.ts';

/** The console's calls for the music library (docs/api/admin.md#audit-log-backups-and-the-music-library). */

export const musicLibrary = () => get<MusicLibrary>('/api/music/getLibrary');

export const rescanMusic = () => post<{ songs: number; folders: number }>('/api/music/rescan');

/** The types the upload takes (the server checks each file's first bytes too). */
export const MUSIC_ACCEPT = '.mp3,.flac,.ogg,.oga,.opus,.m4a,.mp4,.aac,.wav,.lrc';

/** One audio or .lrc file into `folder` of MUSIC_DIR ("" for the top); resolves with its path there. */
export const uploadMusic = (file: File, folder: string, onProgress: (f: number) => void, batch?: BatchFile) =>
  uploadFileWithProgress<{ rel: string }>('/api/upload/music', file, { folder }, onProgress, batch).then(
    (r) => r.rel,
  );
