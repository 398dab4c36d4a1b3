import { Dialog } from 'radix-ui';
import { listMedia } from '../../../lib/api/admin/media.ts';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import m from '../../kit/media.module.css';
import { Pager } from '../../kit/Pager.tsx';
import styles from '../../kit/screens.module.css';
import { UploadQueue } from '../../kit/UploadQueue.tsx';
import { MediaGrid } from './MediaGrid.tsx';
import s from './media.module.css';
import { useMedia } from './use-media.ts';

/** What the picker hands back: the picture's address and a text for its `alt` (its name, no extension). */
export type PickedMedia = { url: string; alt: string };

export type MediaPickerProps = {
  /** Called once with the chosen (or just uploaded) picture; the picker then closes itself by `onClose`. */
  onPick: (picked: PickedMedia) => void;
  /** The picker was dismissed (取消, Esc, the overlay) or a picture was picked. */
  onClose: () => void;
  /** The dialog's title; 插入图片 unless given. */
  title?: string;
};

const PICKER_PAGE = 24;
const altOf = (name: string) => name.replace(/\.[a-z0-9]{2,5}$/i, '');

/**
 * The media library as a dialog (docs/owner-guide.md#媒体库): pick one uploaded picture from the grid,
 * or upload one, which is picked at once. Render it while it should be open:
 * `{open && <MediaPicker onPick={insert} onClose={() => setOpen(false)} />}`.
 */
export function MediaPicker({ onPick, onClose, title = '插入图片' }: MediaPickerProps) {
  const { list, keyword, setKeyword } = useMedia(PICKER_PAGE);
  const { page, setPage, data, rows } = list;
  const pick = (picked: PickedMedia) => {
    onPick(picked);
    onClose();
  };
  const uploaded = async ([url]: string[]) => {
    if (!url) return;
    // The upload answers its address only; the library knows the name it was uploaded under.
    const newest = await listMedia({ current: 1, size: 10 }).catch(() => null);
    const name = newest?.list.find((it) => it.url === url)?.name ?? '';
    pick({ url, alt: altOf(name) });
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content className={`${kit.dialog} ${s.pickerDialog}`} aria-describedby={undefined}>
          <Dialog.Title className={kit.dialogTitle}>{title}</Dialog.Title>
          <div className={s.screen}>
            <UploadQueue label="上传新图片" max={1} onUploaded={uploaded} />
            <SearchField
              label="按文件名搜索图片"
              placeholder="按文件名搜索"
              value={keyword}
              onChange={setKeyword}
              className={m.search}
            />
            {!data ? (
              <p className={styles.muted}>加载中…</p>
            ) : !rows.length ? (
              <p className={m.emptyGrid}>{keyword.trim() ? '没有名称相符的图片' : '还没有上传过图片'}</p>
            ) : (
              <MediaGrid
                items={rows}
                label="可选的图片"
                picture={(it, img) => (
                  <button
                    type="button"
                    className={s.pickTile}
                    onClick={() => pick({ url: it.url, alt: altOf(it.name) })}
                    aria-label={`选择${it.name}`}
                  >
                    {img}
                  </button>
                )}
              />
            )}
            {data && (
              <Pager label="图片" page={page} pageSize={list.pageSize} total={data.total} onPage={setPage} />
            )}
          </div>
          <div className={kit.actions}>
            <Dialog.Close type="button" className={kit.button}>
              取消
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
