import { useStore } from '@nanostores/react';
import { ArrowLeft, Pencil } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import { newIdempotencyKey } from '../../../lib/api/admin/idempotency.ts';
import {
  addPhotos,
  deletePhotos,
  findAlbum,
  listPhotos,
  revertPhotos,
  setAlbumCover,
} from '../../../lib/api/admin/photos.ts';
import type { AlbumRow, PhotoRow } from '../../../lib/contract/photos.ts';
import { PHOTO_BATCH_MAX, PHOTO_STATUS } from '../../../lib/media.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import kit from '../../kit/kit.module.css';
import m from '../../kit/media.module.css';
import { Pager } from '../../kit/Pager.tsx';
import { SelectionBar } from '../../kit/SelectionBar.tsx';
import styles from '../../kit/screens.module.css';
import { UploadQueue } from '../../kit/UploadQueue.tsx';
import { useListScreen, useSelection } from '../../kit/use-list-screen.ts';
import { $gate } from '../../stores.ts';
import { AlbumDialog } from './AlbumDialog.tsx';
import { PhotoCaption } from './PhotoCaption.tsx';
import { PhotoOrder } from './PhotoOrder.tsx';

const PAGE_SIZE = 24;
type Tab = 'normal' | 'bin' | 'order';
type Status = 'normal' | 'bin';
const STATUS = { normal: PHOTO_STATUS.normal, bin: PHOTO_STATUS.bin } as const;
const keyOf = (p: PhotoRow) => String(p.id);

/**
 * One album: its photos in a grid (the album and its recycle bin), uploads, cover, delete, restore, and
 * their order for visitors (排序).
 */
export function AlbumPhotos({ albumId }: { albumId: number }) {
  const gate = useStore($gate);
  const [album, setAlbum] = useState<AlbumRow | null | undefined>(undefined);
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState<Tab>('normal');

  const loadAlbum = useCallback(
    () =>
      findAlbum(albumId).then(
        (a) => setAlbum(a ?? null),
        () => {},
      ),
    [albumId],
  );
  useEffect(() => {
    if (gate === 'admin') void loadAlbum();
  }, [gate, loadAlbum]);

  if (album === undefined) return <p className={styles.muted}>加载中…</p>;
  if (album === null)
    return (
      <div className={styles.panel}>
        <p>相册不存在，可能已被删除。</p>
        <a className={kit.button} href="/admin/albums">
          <ArrowLeft size={16} aria-hidden />
          返回相册列表
        </a>
      </div>
    );

  return (
    <div className={m.albumPage}>
      <header className={m.albumHead}>
        <a className={kit.button} href="/admin/albums">
          <ArrowLeft size={16} aria-hidden />
          全部相册
        </a>
        <div className={m.stack}>
          <h2 className={m.albumName}>{album.album_name}</h2>
          {album.description && <span className={styles.muted}>{album.description}</span>}
        </div>
        <button type="button" className={`${kit.button} ${m.push}`} onClick={() => setEditing(true)}>
          <Pencil size={16} aria-hidden />
          编辑相册
        </button>
      </header>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <Tabs.List className={styles.tabs} aria-label="照片分组">
          <Tabs.Trigger value="normal" className={styles.tab}>
            照片
          </Tabs.Trigger>
          <Tabs.Trigger value="bin" className={styles.tab}>
            回收站
          </Tabs.Trigger>
          <Tabs.Trigger value="order" className={styles.tab}>
            排序
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="normal">
          {tab === 'normal' && <PhotoGrid album={album} tab="normal" onAlbumChanged={loadAlbum} />}
        </Tabs.Content>
        <Tabs.Content value="bin">
          {tab === 'bin' && <PhotoGrid album={album} tab="bin" onAlbumChanged={loadAlbum} />}
        </Tabs.Content>
        <Tabs.Content value="order">{tab === 'order' && <PhotoOrder albumId={album.id} />}</Tabs.Content>
      </Tabs.Root>
      {editing && <AlbumDialog album={album} onClose={() => setEditing(false)} onSaved={loadAlbum} />}
    </div>
  );
}

type GridProps = { album: AlbumRow; tab: Status; onAlbumChanged: () => unknown };

function PhotoGrid({ album, tab, onAlbumChanged }: GridProps) {
  const [purging, setPurging] = useState<PhotoRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const bin = tab === 'bin';

  const fetchPage = useCallback(
    (page: number) => listPhotos(album.id, STATUS[tab], page, PAGE_SIZE),
    [album.id, tab],
  );
  // A grid, not a table: the list block's rows and selection, with the grid and Pager drawn here.
  const { page, setPage, data, rows: list, reload: load } = useListScreen(fetchPage, PAGE_SIZE);
  const selection = useSelection(list, keyOf);
  const { chosen } = selection;
  // One action on photos, the bulk bar's and a tile's alike. `albumToo`: the album itself may have changed
  // (binning or restoring its cover photo, or a new cover), so its header is read again as well.
  const act = async (run: () => Promise<unknown>, message: string, albumToo = false) => {
    setBusy(true);
    try {
      await run();
      toast(message, 'success', '提示');
      await load();
      if (albumToo) await onAlbumChanged();
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  };
  const toBin = (photos: PhotoRow[]) => act(() => deletePhotos(photos, 1), '已移到回收站', true);
  const restore = (photos: PhotoRow[]) => act(() => revertPhotos(photos.map((p) => p.id)), '恢复成功', true);
  const cover = (p: PhotoRow) => act(() => setAlbumCover(album.id, p.id), '设置封面成功', true);
  const uploaded = async (urls: string[]) => {
    // A key per batch: its upload cannot be sent again from here (a new choice is new files), so the
    // key serves the client's own retry of a lost answer (lib/api/client.ts).
    await addPhotos(album.id, urls, newIdempotencyKey());
    toast(`上传照片成功（${urls.length} 张）`, 'success', '提示');
    // New photos are listed first: show page 1 (changing the page reads it; otherwise read it now).
    if (page !== 1) setPage(1);
    else await load();
    // An album without a cover gets its first photo as cover on the server: show it.
    if (!album.album_cover) await onAlbumChanged();
  };

  return (
    <section className={m.photos} aria-label={bin ? '回收站' : '照片'}>
      {!bin && <UploadQueue label="上传照片" max={PHOTO_BATCH_MAX} onUploaded={uploaded} />}
      {bin && (
        <p className={styles.muted}>回收站里的照片不在网站上显示，可以恢复，或彻底删除（连同图片文件）。</p>
      )}
      <SelectionBar selection={selection} empty={!list.length} unit="张">
        {bin ? (
          <>
            <button
              type="button"
              className={kit.button}
              disabled={!chosen.length || busy}
              onClick={() => restore(chosen)}
            >
              恢复所选
            </button>
            <button
              type="button"
              className={kit.danger}
              disabled={!chosen.length || busy}
              onClick={() => setPurging(chosen)}
            >
              彻底删除所选
            </button>
          </>
        ) : (
          <button
            type="button"
            className={kit.button}
            disabled={!chosen.length || busy}
            onClick={() => toBin(chosen)}
          >
            删除所选
          </button>
        )}
      </SelectionBar>
      {!data ? (
        <p className={styles.muted}>加载中…</p>
      ) : !list.length ? (
        <p className={m.emptyGrid}>{bin ? '回收站是空的' : '这个相册还没有照片，上传一些吧'}</p>
      ) : (
        <ul className={m.grid} aria-label={bin ? '回收站里的照片' : '相册里的照片'}>
          {list.map((p, i) => {
            const n = (page - 1) * PAGE_SIZE + i + 1;
            const isCover = !bin && p.url === album.album_cover;
            return (
              <li key={p.id} className={m.photo} data-photo-id={p.id}>
                <img src={p.url} alt={`照片 ${n}`} loading="lazy" />
                <label className={m.pick}>
                  <input
                    type="checkbox"
                    checked={selection.picked.has(keyOf(p))}
                    onChange={() => selection.toggle(keyOf(p))}
                  />
                  <span className={kit.srOnly}>选择照片 {n}</span>
                </label>
                {isCover && <span className={m.coverBadge}>封面</span>}
                {!bin && <PhotoCaption id={p.id} caption={p.caption} n={n} />}
                <span className={m.photoActions}>
                  {bin ? (
                    <>
                      <button
                        type="button"
                        className={kit.button}
                        disabled={busy}
                        onClick={() => restore([p])}
                        aria-label={`恢复照片 ${n}`}
                      >
                        恢复
                      </button>
                      <button
                        type="button"
                        className={kit.button}
                        disabled={busy}
                        onClick={() => setPurging([p])}
                        aria-label={`彻底删除照片 ${n}`}
                      >
                        彻底删除
                      </button>
                    </>
                  ) : (
                    <>
                      <button
                        type="button"
                        className={kit.button}
                        disabled={busy || isCover}
                        onClick={() => cover(p)}
                        aria-label={`把照片 ${n} 设为封面`}
                      >
                        设为封面
                      </button>
                      <button
                        type="button"
                        className={kit.button}
                        disabled={busy}
                        onClick={() => toBin([p])}
                        aria-label={`删除照片 ${n}`}
                      >
                        删除
                      </button>
                    </>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Pager
        label={bin ? '回收站' : '照片'}
        page={page}
        pageSize={PAGE_SIZE}
        total={data?.total ?? 0}
        onPage={setPage}
      />
      <ConfirmOn
        target={purging}
        onClose={() => setPurging(null)}
        title="彻底删除照片"
        message={(photos) => `彻底删除 ${photos.length} 张照片和它们的图片文件？此操作无法撤销。`}
        confirmLabel="彻底删除"
        onConfirm={(photos) =>
          deletePhotos(photos, 2).then(() => {
            toast('彻底删除成功', 'success', '提示');
            return load();
          })
        }
      />
    </section>
  );
}
