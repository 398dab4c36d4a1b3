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
          data-kind={t.kind}
          type={t.kind === 'error' || t.kind === 'warning' ? 'foreground' : 'background'}
          onOpenChange={(open) => !open && dismissToast(t.id)}
        >
          {t.title && <Toast.Title className={styles.toastTitle}>{t.title}</Toast.Title>}
          <Toast.Description>
            {t.message}
            {t.count > 1 && ` ×${t.count}`}
          </Toast.Description>
          <Toast.Close className={styles.toastClose} aria-label="关闭">
            <X size={14} aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className={styles.toasts} />
    </Toast.Provider>
  );
}
