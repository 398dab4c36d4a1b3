import { Dialog } from 'radix-ui';
import { type ClipboardEvent, type SubmitEvent, useId, useState } from 'react';
import { publishTalk, type TalkDraft, updateTalk } from '../../../lib/api/admin/talks.ts';
import { TALK_IMAGES_MAX, TALK_MAX } from '../../../lib/community.ts';
import type { AdminTalk } from '../../../lib/contract/talks.ts';
import { imageFiles } from '../../../lib/image-list.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { ImageListField } from '../../kit/ImageListField.tsx';
import kit from '../../kit/kit.module.css';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';
import { useImageList } from '../../kit/use-image-list.ts';
import styles from './talks.module.css';

type Props = {
  /** The talk to edit, or null for a new one. */
  talk: AdminTalk | null;
  onClose: () => void;
  /** After a save: the talk's status (the list shows that tab). */
  onSaved: (status: 1 | 2) => unknown;
  /** A new talk written at the top of the list, not in a dialog: 清空 in place of 取消. */
  inline?: boolean;
};

/**
 * Writing or editing a 说说: its text, up to nine pictures (picked, dropped or pasted; reordered by
 * dragging or from the keyboard), public or private, pinned or not. Closing with changes asks first.
 * `inline`: the composer at the top of the list (a new talk posts and the list stays on screen).
 */
export function TalkComposer({ talk, onClose, onSaved, inline }: Props) {
  const id = useId();
  const images = useImageList(talk?.talkImgList ?? [], TALK_IMAGES_MAX);
  const [content, setContent] = useState(talk?.content ?? '');
  const [status, setStatus] = useState<1 | 2>(talk?.status === 2 ? 2 : 1);
  const [top, setTop] = useState(talk?.is_top === 1);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const keyed = useIdempotencyKey();

  const draft: TalkDraft = { content: content.trim(), talkImgList: images.urls, status, is_top: top ? 1 : 2 };
  const initial = talk?.talkImgList ?? [];
  // Whether closing would lose anything: a picture still uploading counts, and for a new talk the
  // status and pin alone do not (nothing was written yet).
  const dirty =
    draft.content !== (talk?.content ?? '').trim() ||
    images.pending > 0 ||
    images.urls.join('\n') !== initial.join('\n') ||
    (talk !== null && (status !== talk.status || top !== (talk.is_top === 1)));

  const close = () => (dirty ? setAsking(true) : onClose());

  // A pasted picture joins the pictures; pasted text goes into the text as usual.
  const paste = (e: ClipboardEvent) => {
    const files = imageFiles(e.clipboardData?.files);
    if (!files.length) return;
    e.preventDefault();
    images.add(files);
  };

  async function save(e: SubmitEvent) {
    e.preventDefault();
    // The pictures' addresses exist only once their uploads finish: a save now would drop them.
    if (busy || images.pending) return;
    if (!draft.content) return setError('请输入说说内容');
    if (draft.content.length > TALK_MAX) return setError(`说说不能超过${TALK_MAX}个字`);
    setBusy(true);
    try {
      // Only a create carries an idempotency key: an update sent twice writes the same values again, a
      // create sent twice (a retry after a lost answer) would make a second row.
      if (talk) await updateTalk(talk.id, draft);
      else await keyed((key) => publishTalk(draft, key));
      toast(talk ? '修改成功' : '发布成功', 'success', '提示');
      onClose();
      await onSaved(status);
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  }

  const count = content.trim().length;
  const form = (
    <form onSubmit={save} aria-label={talk ? '编辑说说' : '发表说说'} noValidate>
      <div className={kit.field}>
        <label htmlFor={`${id}-content`} className={kit.label}>
          内容
        </label>
        <textarea
          id={`${id}-content`}
          className={`${kit.input} ${error ? kit.invalid : ''}`}
          rows={inline ? 3 : 5}
          value={content}
          placeholder="此刻的想法…（可直接粘贴图片）"
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
          onChange={(e) => {
            setContent(e.target.value);
            setError('');
          }}
        />
        <p id={`${id}-count`} className={`${kit.hint} ${count > TALK_MAX ? kit.error : ''}`}>
          {count} / {TALK_MAX}
        </p>
        {error && (
          <p id={`${id}-error`} className={kit.error} role="alert">
            {error}
          </p>
        )}
      </div>
      <ImageListField label="图片" list={images} />
      <div className={styles.options}>
        <fieldset className={styles.radios}>
          <legend className={kit.label}>可见范围</legend>
          <label>
            <input type="radio" name={`${id}-status`} checked={status === 1} onChange={() => setStatus(1)} />
            公开
          </label>
          <label>
            <input type="radio" name={`${id}-status`} checked={status === 2} onChange={() => setStatus(2)} />
            私密
          </label>
        </fieldset>
        <label className={styles.check}>
          <input type="checkbox" checked={top} onChange={(e) => setTop(e.target.checked)} />
          置顶
        </label>
      </div>
      <div className={kit.actions}>
        <button type="button" className={kit.button} disabled={busy} onClick={close}>
          取消
        </button>
        <button type="submit" className={kit.primary} disabled={busy || images.pending > 0}>
          {images.pending ? '图片上传中…' : busy ? '保存中…' : talk ? '保存' : '发布'}
        </button>
      </div>
    </form>
  );
  if (inline)
    return (
      <section className={styles.inline} aria-label="发表说说" onPaste={paste}>
        {form}
      </section>
    );
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content
          className={`${kit.dialog} ${styles.composer}`}
          aria-describedby={undefined}
          onPaste={paste}
        >
          <Dialog.Title className={kit.dialogTitle}>{talk ? '编辑说说' : '发表说说'}</Dialog.Title>
          {form}
        </Dialog.Content>
      </Dialog.Portal>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="放弃修改"
        message="这条说说还没有保存，关闭后所写的内容和图片都会丢失。"
        confirmLabel="放弃"
        onConfirm={async () => onClose()}
      />
    </Dialog.Root>
  );
}
