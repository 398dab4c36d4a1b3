import { Dialog } from 'radix-ui';
import { useState } from 'react';
import styles from './kit.module.css';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel?: string;
  /** Runs on confirm; the dialog stays open (busy) until it settles, then closes. */
  onConfirm: () => Promise<unknown> | undefined;
};

/** Asks before a destructive action (delete, replace). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = '确定',
  onConfirm,
}: Props) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      /* the call has shown its toast; the dialog stays for another try */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog} role="alertdialog">
          <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
          <Dialog.Description className={styles.dialogText}>{message}</Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close className={styles.button} disabled={busy}>
              取消
            </Dialog.Close>
            <button type="button" className={styles.danger} disabled={busy} onClick={confirm}>
              {busy ? '处理中…' : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
