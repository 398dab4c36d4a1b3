import { useStore } from '@nanostores/react';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { MUSIC_ACCEPT, musicLibrary, rescanMusic, uploadMusic } from '../../../lib/api/admin/music.ts';
import type { MusicLibrary, MusicSong } from '../../../lib/contract/admin-music.ts';
import { toast } from '../../../stores/toast.ts';
import { bytesText } from '../../kit/bytes.ts';
import { type Column, DataTable } from '../../kit/DataTable.tsx';
import { SearchField, TextField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import o from '../../kit/ops.module.css';
import { Select } from '../../kit/Select.tsx';
import styles from '../../kit/screens.module.css';
import { type UploadKind, UploadQueue } from '../../kit/UploadQueue.tsx';
import { useDebounced } from '../../kit/use-debounced.ts';
import { $gate } from '../../stores.ts';

type Row = MusicSong & { folder: string };

// Not the kit's list block: the library comes whole in one answer (folders with their songs), so the
// filters and pages are cut here in memory, and a filter change is only a new slice.
const PAGE_SIZE = 20;
const ALL = 'all';

const duration = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** /admin/music: the local library's folders and songs, uploads into a folder, rescan; or the proxy's status. */
export default function MusicScreen() {
  const gate = useStore($gate);
  const [lib, setLib] = useState<MusicLibrary | null>(null);
  const [folder, setFolder] = useState(ALL);
  const [target, setTarget] = useState('');
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const [scanning, setScanning] = useState(false);
  const search = useDebounced(text.trim().toLowerCase());

  const load = useCallback(() => musicLibrary().then(setLib, () => {}), []);
  useEffect(() => {
    if (gate === 'admin') void load();
  }, [gate, load]);

  // Every song with its folder's name, filtered by folder and by one search over its words and its file.
  const rows = useMemo<Row[]>(() => {
    const all = (lib?.folders ?? []).flatMap((f) => f.songs.map((s) => ({ ...s, folder: f.name })));
    return all.filter(
      (r) =>
        (folder === ALL || r.folder === folder) &&
        (!search || `${r.name} ${r.artists.join(' ')} ${r.album} ${r.file}`.toLowerCase().includes(search)),
    );
  }, [lib, folder, search]);

  // Read at upload time (not captured once), so a folder typed after choosing the files still counts.
  const kind: UploadKind = {
    noun: '文件',
    unit: '个',
    accept: MUSIC_ACCEPT,
    rules: 'MP3、FLAC、OGG、M4A、AAC、WAV 音频（每个不超过 50 MB）和同名 .lrc 歌词',
    upload: (file, onProgress, batch) => uploadMusic(file, target.trim(), onProgress, batch),
  };

  const rescan = async () => {
    setScanning(true);
    try {
      const r = await rescanMusic();
      toast(`扫描完成：${r.folders} 个文件夹，${r.songs} 首歌`, 'success', '提示');
      await load();
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setScanning(false);
    }
  };

  // With MUSIC_API_URL set the player's songs come from elsewhere: nothing here to list or upload.
  if (lib?.mode === 'proxy')
    return (
      <section className={styles.panel} aria-labelledby="proxy-title">
        <h2 id="proxy-title" className={o.heading}>
          代理模式
        </h2>
        <p className={styles.muted}>
          已配置 MUSIC_API_URL：播放器的音乐来自 {lib.proxy || '外部服务'}
          （NeteaseCloudMusicApi），本地音乐库未启用，不能在这里上传或扫描。去掉这个设置并重启后即使用数据目录的本地音乐。
        </p>
      </section>
    );

  const columns: Column<Row>[] = [
    {
      key: 'cover',
      header: '封面',
      width: '64px',
      render: (r) => <img className={o.cover} src={r.cover} alt={`${r.name}封面`} loading="lazy" />,
    },
    {
      key: 'song',
      header: '歌曲',
      render: (r) => (
        <span className={o.stack}>
          <span className={o.action}>{r.name}</span>
          <span className={o.path}>{r.file}</span>
        </span>
      ),
    },
    { key: 'artist', header: '歌手', render: (r) => r.artists.join(' / ') || '未知歌手' },
    { key: 'album', header: '专辑', render: (r) => r.album || '—' },
    { key: 'folder', header: '文件夹', render: (r) => r.folder },
    {
      key: 'time',
      header: '时长',
      width: '90px',
      render: (r) => (
        <span className={o.stack}>
          <span>{duration(r.durationMs)}</span>
          <span className={o.path}>{bytesText(r.size)}</span>
        </span>
      ),
    },
    {
      key: 'extras',
      header: '歌词 / 封面',
      width: '120px',
      render: (r) => (
        <span className={o.stack}>
          <span className={`${r.hasLyrics ? o.yes : o.no} ${o.nowrap}`}>
            {r.hasLyrics ? '有歌词' : '无歌词'}
          </span>
          <span className={`${r.hasCover ? o.yes : o.no} ${o.nowrap}`}>
            {r.hasCover ? '有封面' : '默认封面'}
          </span>
        </span>
      ),
    },
  ];

  const folders = lib?.folders ?? [];
  const toolbar = (
    <>
      <Select
        label="按文件夹筛选"
        inline
        value={folder}
        options={[
          { value: ALL, label: '全部文件夹' },
          ...folders.map((f) => ({ value: f.name, label: f.name })),
        ]}
        onChange={(v) => {
          setFolder(v);
          setPage(1);
        }}
      />
      <SearchField
        label="搜索音乐"
        placeholder="搜索歌名、歌手、专辑"
        value={text}
        onChange={(v) => {
          setText(v);
          setPage(1);
        }}
        className={o.search}
      />
      <span className={`${o.row} ${o.push}`}>
        {lib?.scannedAt && <span className={styles.muted}>上次扫描 {lib.scannedAt}</span>}
        <button type="button" className={kit.button} disabled={scanning || !lib} onClick={rescan}>
          <RefreshCw size={16} aria-hidden />
          {scanning ? '扫描中…' : '重新扫描'}
        </button>
      </span>
    </>
  );

  return (
    <div className={o.page}>
      <section className={styles.panel} aria-labelledby="upload-title">
        <h2 id="upload-title" className={o.heading}>
          上传歌曲与歌词
        </h2>
        <TextField
          label="上传到文件夹"
          value={target}
          onChange={setTarget}
          hint="每个文件夹是播放器里的一个歌单；留空放在音乐目录的最上层，最多两层（如 专辑/碟一）。歌词与歌曲同名（歌.mp3 配 歌.lrc）。"
          suggestions={folders.map((f) => f.rel).filter(Boolean)}
        />
        <UploadQueue label="上传音乐" kind={kind} max={20} onUploaded={load} />
      </section>
      <DataTable
        caption="音乐列表"
        columns={columns}
        rows={rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)}
        rowKey={(r) => r.id}
        toolbar={toolbar}
        loading={!lib}
        empty={folder !== ALL || search ? '没有相符的歌曲' : '音乐目录里还没有歌曲，上传几首吧'}
        page={page}
        pageSize={PAGE_SIZE}
        total={rows.length}
        onPage={setPage}
      />
    </div>
  );
}
