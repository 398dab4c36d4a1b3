import { CircleAlert, CircleCheck, ImageUp } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import type { BatchFile } from '../../lib/api/admin/upload.ts';
import { IMAGE_ACCEPT, UPLOAD_FAILED } from '../../lib/upload.ts';
import styles from './kit.module.css';
import { uploadWithProgress } from './upload.ts';

type State = 'waiting' | 'uploading' | 'done' | 'refused';
type Item = { name: string; size: number; state: State; progress: number; message?: string };

/**
 * What a queue uploads: images by default (the site's image rules); another kind (the music library's
 * audio and lyrics) names its files, its accepted types and rules, and its upload call.
 */
export type UploadKind = {
  /** 图片, 文件 … */
  noun: string;
  /** The counter word: 张, 个. */
  unit: string;
  accept: string;
  rules: string;
  upload: (file: File, onProgress: (fraction: number) => void, batch: BatchFile) => Promise<string>;
};

const IMAGES: UploadKind = {
  noun: '图片',
  unit: '张',
  accept: IMAGE_ACCEPT,
  rules: 'JPG、PNG、WEBP、GIF，每张不超过 20 MB，原图上传（服务器生成各种尺寸）',
  upload: (file, onProgress, batch) => uploadWithProgress(file, onProgress, undefined, batch),
};

type Props = {
  label: string;
  kind?: UploadKind;
  /** At most this many files in one batch; the rest are refused with a message. */
  max: number;
  /**
   * The addresses of the batch's uploaded files, in the order they were chosen, once every file has
   * settled (the refused left out). A rejection marks them as not saved (its toast says why).
   */
  onUploaded: (urls: string[]) => Promise<unknown>;
};

/** Files uploaded at once. */
const PARALLEL = 3;

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Many images at once (chosen or dropped): each file's progress, and for each refused file the
 * reason in Chinese (its type or size, or the server's own message), while the others go on.
 */
export function UploadQueue({ label, max, onUploaded, kind = IMAGES }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<Item[]>([]);
  const [busy, setBusy] = useState(false);
  const [over, setOver] = useState(false);

  const patch = (i: number, p: Partial<Item>) =>
    setItems((all) => all.map((it, j) => (j === i ? { ...it, ...p } : it)));

  async function run(files: File[]) {
    if (!files.length || busy) return;
    setBusy(true);
    setItems(
      files.map((f, i) => ({
        name: f.name,
        size: f.size,
        progress: 0,
        ...(i < max ? { state: 'waiting' } : { state: 'refused', message: `一次最多上传${max}${kind.unit}` }),
      })),
    );
    const urls: (string | undefined)[] = [];
    let next = 0;
    const worker = async () => {
      while (next < Math.min(files.length, max)) {
        const i = next++;
        patch(i, { state: 'uploading' });
        try {
          urls[i] = await kind.upload(
            files[i],
            (progress) => patch(i, { state: 'uploading', progress, message: undefined }),
            { onWait: (s) => patch(i, { state: 'waiting', message: `上传过于频繁，${s} 秒后自动继续` }) },
          );
          patch(i, { state: 'done', progress: 1 });
        } catch (err) {
          patch(i, { state: 'refused', message: (err as Error).message || UPLOAD_FAILED });
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    const done = urls.filter((u): u is string => Boolean(u));
    if (done.length) {
      await onUploaded(done).catch((err: Error) =>
        setItems((all) =>
          all.map((it) =>
            it.state === 'done' ? { ...it, state: 'refused', message: err.message || '保存失败' } : it,
          ),
        ),
      );
    }
    setBusy(false);
  }

  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void run([...e.dataTransfer.files]);
  };
  const uploaded = items.filter((i) => i.state === 'done').length;
  const refused = items.filter((i) => i.state === 'refused').length;

  return (
    <section className={styles.queue} aria-labelledby={`${id}-title`}>
      <div
        className={`${styles.dropZone} ${over ? styles.dropOver : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p id={`${id}-title`} className={styles.label}>
          {label}
        </p>
        <p className={styles.hint}>
          把{kind.noun}拖到这里，或
          <button
            type="button"
            className={styles.primary}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            <ImageUp size={16} aria-hidden />
            {busy ? '上传中…' : `选择${kind.noun}`}
          </button>
        </p>
        <p className={styles.hint}>
          {kind.rules}，一次最多 {max} {kind.unit}
        </p>
        <input
          ref={input}
          type="file"
          accept={kind.accept}
          multiple
          hidden
          data-upload={label}
          aria-label={`选择要${label}的${kind.noun}`}
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void run(files);
          }}
        />
      </div>
      {items.length > 0 && (
        <>
          <p className={styles.hint} aria-live="polite">
            {busy
              ? `正在上传 ${items.length} 个文件…`
              : `已上传 ${uploaded} ${kind.unit}${refused ? `，${refused} 个文件未通过` : ''}`}
          </p>
          <ul className={styles.queueList} aria-label="上传列表">
            {items.map((it, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a batch's files keep their places.
              <li key={i} data-state={it.state} className={styles.queueItem}>
                <span className={styles.queueName}>
                  {it.name} <span className={styles.muted}>{size(it.size)}</span>
                </span>
                {it.state === 'waiting' && <span className={styles.muted}>{it.message ?? '等待上传'}</span>}
                {it.state === 'uploading' && (
                  <progress
                    className={styles.progress}
                    value={it.progress}
                    max={1}
                    aria-label={`${it.name}上传进度`}
                  />
                )}
                {it.state === 'done' && (
                  <span className={styles.ok}>
                    <CircleCheck size={16} aria-hidden />
                    已上传
                  </span>
                )}
                {it.state === 'refused' && (
                  <span className={styles.error} role="alert">
                    <CircleAlert size={16} aria-hidden />
                    未通过：{it.message}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
