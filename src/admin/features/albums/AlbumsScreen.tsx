import { Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { albumPhotoCounts, deleteAlbum, listAlbums } from '../../../lib/api/admin/photos.ts';
import type { AlbumRow } from '../../../lib/contract/photos.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import m from '../../kit/media.module.css';
import styles from '../../kit/screens.module.css';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { AlbumDialog } from './AlbumDialog.tsx';
import { AlbumPhotos } from './AlbumPhotos.tsx';

/** /admin/albums: the albums (create, edit, delete); /admin/albums?id=N: one album's photos. */
// One route for both: the photo grid is a sub-view of an album, reached from its row with ?id=N.
export default function AlbumsScreen() {
  const id = Number(new URLSearchParams(location.search).get('id')) || 0;
  return id ? <AlbumPhotos albumId={id} /> : <Albums />;
}

const PAGE_SIZE = 10;

function Albums() {
  const [name, setName] = useState('');
  const [counts, setCounts] = useState<Map<number, number>>(new Map());
  const [editing, setEditing] = useState<AlbumRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<AlbumRow | null>(null);
  const search = useDebounced(name.trim());

  const fetchPage = useCallback(
    (page: number) => {
      // The counts come from another call; read them with every page, so a deleted album's photos
      // and a change made elsewhere show up whenever the list is read.
      albumPhotoCounts().then(setCounts, () => {});
      return listAlbums(page, PAGE_SIZE, search || undefined);
    },
    [search],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { reload: load, refilter } = list;

  const columns: Column<AlbumRow>[] = [
    {
      key: 'cover',
      header: '封面',
      width: '110px',
      render: (a) =>
        a.album_cover ? (
          <img className={m.albumThumb} src={a.album_cover} alt={`${a.album_name}封面`} />
        ) : (
          <span className={`${m.albumThumb} ${m.noCover}`}>无封面</span>
        ),
    },
    {
      key: 'name',
      header: '相册',
      render: (a) => (
        <span className={m.stack}>
          <a href={`/admin/albums?id=${a.id}`} className={m.strong}>
            {a.album_name}
          </a>
          {a.description && <span className={styles.muted}>{a.description}</span>}
        </span>
      ),
    },
    { key: 'count', header: '照片', width: '80px', render: (a) => `${counts.get(a.id) ?? 0} 张` },
    { key: 'created', header: '创建时间', width: '170px', render: (a) => a.createdAt },
    {
      key: 'actions',
      header: '操作',
      render: (a) => (
        <span className={styles.rowActions}>
          <a
            className={kit.button}
            href={`/admin/albums?id=${a.id}`}
            aria-label={`管理${a.album_name}的照片`}
          >
            照片
          </a>
          <button
            type="button"
            className={kit.button}
            onClick={() => setEditing(a)}
            aria-label={`编辑相册${a.album_name}`}
          >
            编辑
          </button>
          <button
            type="button"
            className={kit.button}
            onClick={() => setRemoving(a)}
            aria-label={`删除相册${a.album_name}`}
          >
            删除
          </button>
        </span>
      ),
    },
  ];

  const toolbar = (
    <>
      <SearchField
        label="按名称搜索相册"
        placeholder="按名称搜索"
        value={name}
        onChange={refilter(setName)}
        className={m.search}
      />
      <button type="button" className={`${kit.primary} ${m.push}`} onClick={() => setEditing('new')}>
        <Plus size={16} aria-hidden />
        新建相册
      </button>
    </>
  );

  return (
    <>
      <ListTable
        list={list}
        caption="相册"
        columns={columns}
        rowKey={(a) => a.id}
        toolbar={toolbar}
        empty={name.trim() ? '没有名称相符的相册' : '还没有相册，点「新建相册」开始'}
      />
      {editing && (
        <AlbumDialog
          album={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={load}
        />
      )}
      <ConfirmOn
        target={removing}
        onClose={() => setRemoving(null)}
        title="删除相册"
        message={(a) => `删除相册「${a.album_name}」和其中的全部照片（包括回收站里的）？此操作无法撤销。`}
        confirmLabel="删除"
        onConfirm={(a) =>
          deleteAlbum(a.id).then(() => {
            toast('删除相册成功', 'success', '提示');
            return load();
          })
        }
      />
    </>
  );
}
