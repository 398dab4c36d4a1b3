import { Dialog } from 'radix-ui';
import kit from '../kit/kit.module.css';

type Props = {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onReload: () => void;
  onOverwrite: () => void;
};

/** A save refused as stale: load the newer version (dropping these edits), or overwrite it. */
export function ConflictDialog({ open, busy, onClose, onReload, onOverwrite }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content className={kit.dialog} role="alertdialog">
          <Dialog.Title className={kit.dialogTitle}>文章已在别处被修改</Dialog.Title>
          <Dialog.Description className={kit.dialogText}>
            这篇文章在你打开之后已在别处（可能是另一个标签页）保存过。重新加载会放弃这里的修改；覆盖保存会用这里的内容替换那次保存。
          </Dialog.Description>
          <div className={kit.actions}>
            <Dialog.Close className={kit.button} disabled={busy}>
              取消
            </Dialog.Close>
            <button type="button" className={kit.button} disabled={busy} onClick={onReload}>
              重新加载
            </button>
            <button type="button" className={kit.danger} disabled={busy} onClick={onOverwrite}>
              {busy ? '保存中…' : '覆盖保存'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
