import { ConfirmDialog } from './ConfirmDialog.tsx';

type Props<T> = {
  /** What the action would apply to; null keeps the dialog closed. */
  target: T | null;
  onClose: () => void;
  title: string;
  message: (target: T) => string;
  confirmLabel?: string;
  /** The action; the dialog stays busy until it settles (a reload included, if it returns one). */
  onConfirm: (target: T) => Promise<unknown>;
};

/**
 * ConfirmDialog for "this row (or these rows)": the screen keeps what is to be acted on and the
 * dialog is open while there is one.
 */
export function ConfirmOn<T>({ target, onClose, title, message, confirmLabel, onConfirm }: Props<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      message={target === null ? '' : message(target)}
      confirmLabel={confirmLabel}
      onConfirm={() => (target === null ? undefined : onConfirm(target))}
    />
  );
}
