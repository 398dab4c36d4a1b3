import { Check, Plus, Trash } from 'lucide-react';
import { artistNames, type Song } from '../../lib/music-rules.ts';
import styles from './panel.module.css';

type Props = {
  songs: Song[];
  currentId?: number;
  onPlay: (song: Song, index: number) => void;
  onAdd?: (song: Song) => void;
  onRemove?: (song: Song) => void;
};

/** Song list: columns 歌曲, 歌手, 操作 (docs/product.md#music-player). */
export function SongTable({ songs, currentId, onPlay, onAdd, onRemove }: Props) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th>歌曲</th>
          <th>歌手</th>
          <th className={styles.actionCol}>操作</th>
        </tr>
      </thead>
      <tbody>
        {songs.map((song, i) => (
          <tr key={song.id} data-song-row={song.name} data-current={song.id === currentId}>
            <td>
              <button
                type="button"
                className={styles.songName}
                onClick={() => onPlay(song, i)}
                title={song.name}
              >
                {song.name}
              </button>
            </td>
            <td className={styles.artist}>{artistNames(song)}</td>
            <td className={styles.actionCol}>
              {onAdd && (
                <button
                  type="button"
                  className={`icon-btn ${styles.add}`}
                  aria-label={song.active ? '已在我的歌单' : '添加到我的歌单'}
                  aria-pressed={Boolean(song.active)}
                  data-active={Boolean(song.active)}
                  onClick={() => onAdd(song)}
                >
                  {song.active ? <Check size={16} /> : <Plus size={16} />}
                </button>
              )}
              {onRemove && (
                <button
                  type="button"
                  className="icon-btn"
                  aria-label="从我的歌单删除"
                  onClick={() => onRemove(song)}
                >
                  <Trash size={16} />
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
