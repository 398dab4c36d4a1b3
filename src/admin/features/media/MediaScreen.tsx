import { Copy, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { deleteMedia } from '../../../lib/api/admin/media.ts';
import type { MediaItem } from '../../../lib/contract/media.ts';
import { markdownImage } from '../../../lib/media-library.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import m from '../../kit/media.module.css';
import { Pager } from '../../kit/Pager.tsx';
import { SelectionBar } from '../../kit/SelectionBar.tsx';
import styles from '../../kit/screens.module.css';
import { UploadQueue } from '../../kit/UploadQueue.tsx';
import { useSelection } from '../../kit/use-list-screen.ts';
import { MediaGrid } from './MediaGrid.tsx';
import s from './media.module.css';
import { useMedia } from './use-media.ts';

const keyOf = (it: MediaItem) => String(it.id);

/** Puts text on the clipboard; where the page may not (no secure context), shows it to copy by hand. */
async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast('已复制 Markdown', 'success', '提示');
  } catch {
    window.prompt('复制下面的 Markdown：', text);
  }
}

/**
 * /admin/media: every upload (docs/owner-guide.md#媒体库) — search, 未使用, upload by dropping or
 * choosing files, copy a picture's Markdown, delete one or many. A delete the server refuses (a picture
 * still used) stays on screen with the uses it names.
 */
export default function MediaScreen() {
  const { list, keyword, setKeyword, unused, setUnused, filtered } = useMedia();
  const { page, setPage, data, rows, reload } = list;
  const selection = useSelection(rows, keyOf);
  const [removing, setRemoving] = useState<MediaItem[] | null>(null);
  const [refusal, setRefusal] = useState('');

  const remove = async (items: MediaItem[]) => {
    setRefusal('');
    try {
      const n = await deleteMedia(items.map((it) => it.id));
      toast(`已删除 ${n} 张图片`, 'success', '提示');
      selection.clear();
      await reload();
    } catch (err) {
      setRefusal((err as Error).message || '删除失败，请稍后再试');
    }
  };
  const uploaded = async () => {
    if (page !== 1) setPage(1);
    else await reload();
  };

  return (
    <section className={s.screen} aria-label="媒体库">
      <UploadQueue label="上传图片" max={20} onUploaded={uploaded} />
      <div className={s.filters}>
        <SearchField
          label="按文件名搜索图片"
          placeholder="按文件名搜索"
          value={keyword}
          onChange={setKeyword}
          className={m.search}
        />
        <label className={m.check}>
          <input type="checkbox" checked={unused} onChange={(e) => setUnused(e.target.checked)} />
          只看未使用
        </label>
      </div>
      <SelectionBar selection={selection} empty={!rows.length} unit="张">
        <button
          type="button"
          className={kit.danger}
          disabled={!selection.chosen.length}
          onClick={() => setRemoving(selection.chosen)}
        >
          删除所选
        </button>
      </SelectionBar>
      {refusal && (
        <p className={s.refusal} role="alert">
          {refusal}
        </p>
      )}
      {!data ? (
        <p className={styles.muted}>加载中…</p>
      ) : !rows.length ? (
        <p className={m.emptyGrid}>
          {unused
            ? '没有未使用的图片'
            : filtered
              ? '没有名称相符的图片'
              : '还没有上传过图片，把图片拖到上面开始'}
        </p>
      ) : (
        <MediaGrid
          items={rows}
          label="图片"
          selected={new Set(selection.chosen.map((it) => it.id))}
          onToggle={(id) => selection.toggle(String(id))}
          actions={(it) => (
            <>
              <button
                type="button"
                className={kit.button}
                onClick={() => copyText(markdownImage(it.name, it.url))}
                aria-label={`复制${it.name}的 Markdown`}
              >
                <Copy size={14} aria-hidden />
                复制 Markdown
              </button>
              <button
                type="button"
                className={kit.button}
                onClick={() => setRemoving([it])}
                aria-label={`删除${it.name}`}
              >
                <Trash2 size={14} aria-hidden />
                删除
              </button>
            </>
          )}
        />
      )}
      {data && (
        <Pager label="图片" page={page} pageSize={list.pageSize} total={data.total} onPage={setPage} />
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="删除图片"
        message={
          removing?.length === 1
            ? `删除「${removing[0].name}」和它的各个尺寸？此操作无法撤销。`
            : `删除所选的 ${removing?.length ?? 0} 张图片和它们的各个尺寸？此操作无法撤销。`
        }
        confirmLabel="删除"
        onConfirm={() => (removing ? remove(removing) : undefined)}
      />
    </section>
  );
}
