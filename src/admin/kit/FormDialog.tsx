import { Dialog } from 'radix-ui';
import { type ReactNode, type SubmitEvent, useState } from 'react';
import styles from './kit.module.css';

type Props = {
  title: string;
  onClose: () => void;
  /**
   * Runs on submit: false keeps the dialog open (a rule is broken and said inline); a rejection keeps
   * it too (the call has shown its toast); anything else closes it.
   */
  onSubmit: () => Promise<unknown> | boolean;
  submitLabel?: string;
  /** Wider, for forms with several columns of fields. */
  wide?: boolean;
  children: ReactNode;
};

/** A form in a dialog (create or edit one thing): cancel, save, busy while the call runs. */
export function FormDialog({ title, onClose, onSubmit, submitLabel = '保存', wide, children }: Props) {
  const [busy, setBusy] = useState(false);
  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      if ((await onSubmit()) !== false) onClose();
    } catch {
      /* the envelope's message is on screen; the form stays for another try */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={`${styles.dialog} ${wide ? styles.wide : ''}`}
          aria-describedby={undefined}
        >
          <Dialog.Title className={styles.dialogTitle}>{title}</Dialog.Title>
          <form onSubmit={submit} noValidate>
            {children}
            <div className={styles.actions}>
              <Dialog.Close type="button" className={styles.button} disabled={busy}>
                取消
              </Dialog.Close>
              <button type="submit" className={styles.primary} disabled={busy}>
                {busy ? '保存中…' : submitLabel}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
