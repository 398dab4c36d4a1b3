import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { $toasts, dismissToast } from '../../stores/toast.ts';
import styles from './kit.module.css';

const KIND_CLASS = { success: 'success', info: 'info', warning: 'warning', error: 'errorKind' } as const;

/**
 * The console's toasts: the site's toast store (every API call's envelope message lands there through
 * src/stores/api.ts) drawn with radix Toast. The store times them out; a close or a swipe dismisses.
 */
export default function ConsoleToaster() {
  const toasts = useStore($toasts);
  return (
    <Toast.Provider label="通知" duration={Number.POSITIVE_INFINITY}>
      {toasts.map((t) => (
        <Toast.Root
          key={t.id}
          className={`${styles.toast} ${styles[KIND_CLASS[t.kind]]}`}
          // Marked as the site's toaster marks its own: tests/e2e/toast-log.ts reads both.
          data-toast={t.kind}
          type={t.kind === 'error' || t.kind === 'warning' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(t.id)}
        >
          {t.title && (
            <Toast.Title className={styles.toastTitle} data-title>
              {t.title}
            </Toast.Title>
          )}
          <Toast.Description>
            <span data-message>{t.message}</span>
            {t.count > 1 && <span data-count>{` ×${t.count}`}</span>}
          </Toast.Description>
          <Toast.Close className={styles.toastClose} aria-label="关闭">
            <X size={14} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      {/* Radix names the region in English unless told: screen readers hear 通知. */}
      <Toast.Viewport className={styles.toasts} label="通知（{hotkey}）" />
    </Toast.Provider>
  );
}
