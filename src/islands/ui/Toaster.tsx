import { useStore } from '@nanostores/react';
import { $toasts, dismissToast } from '../../stores/toast.ts';
import styles from './toaster.module.css';

/** Renders the toasts of every island (SPEC §9: offset 60 from the top). */
export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <section className={styles.stack} aria-live="polite" aria-label="通知">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`${styles.toast} ${styles[t.kind]}`}
          role={t.kind === 'error' ? 'alert' : 'status'}
          data-toast={t.kind}
        >
          {t.title && <strong className={styles.title}>{t.title}</strong>}
          <span className={styles.message}>{t.message}</span>
          <button type="button" className={styles.close} aria-label="关闭" onClick={() => dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </section>
  );
}
