import { Dialog } from 'radix-ui';
import kit from '../kit/kit.module.css';

type Props = {
  /** The server's refusal: how long the render ran and the line where the slow part starts. */
  message: string;
  busy: boolean;
  onClose: () => void;
  onPlain: () => void;
  /** Where focus goes when it closes: the 发布 pressed was disabled while it saved, so not back there. */
  returnFocus: () => void;
};

/**
 * A save refused because the renderer cannot finish the body (docs/owner-guide.md#正文渲染): the
 * message stays on screen until the blogger chooses, since it names the line to fix. 以纯文本保存
 * sends the same save again with the blogger's consent; 返回修改 goes back to the text.
 */
export function RenderRefusalDialog({ message, busy, onClose, onPlain, returnFocus }: Props) {
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content
          className={kit.dialog}
          role="alertdialog"
          data-render-refusal
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className={kit.dialogTitle}>正文无法排版，文章未保存</Dialog.Title>
          <Dialog.Description className={kit.dialogText} data-render-refusal-message>
            {message}
          </Dialog.Description>
          <p className={kit.dialogText}>
            以纯文本保存：读者看到的是未排版的原文，其中的代码和 HTML 都不会执行；修正 Markdown
            后重新保存即可恢复排版。
          </p>
          <div className={kit.actions}>
            <Dialog.Close className={kit.button} disabled={busy}>
              返回修改
            </Dialog.Close>
            <button type="button" className={kit.primary} disabled={busy} onClick={onPlain}>
              {busy ? '保存中…' : '以纯文本保存'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
