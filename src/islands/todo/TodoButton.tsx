import { useStore } from '@nanostores/react';
import { ListTodo } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { $userInfo } from '../../stores/session.ts';
import styles from './todo.module.css';

type PaneProps = { onClose: () => void };

/**
 * The header's to-do widget for signed-in users (SPEC §1/§2). Only this button ships with the
 * header; the pane's code loads the first time it is opened.
 */
export function TodoButton() {
  const user = useStore($userInfo);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const [Pane, setPane] = useState<ComponentType<PaneProps> | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!open) return;
    if (!Pane) import('./TodoPane.tsx').then((m) => setPane(() => m.default));
    const close = (e: Event) => !ref.current?.contains(e.target as Node) && setOpen(false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, Pane]);

  // Signing out closes it; another user signing in starts from a fresh pane.
  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) setOpen(false);
  }, [userId]);

  if (!hydrated || !user) return null;
  return (
    <div className={styles.wrap} ref={ref} data-todo>
      <button
        type="button"
        className="icon-btn"
        aria-label="待办事项"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        <ListTodo size={20} />
      </button>
      {open && Pane && <Pane key={user.id} onClose={() => setOpen(false)} />}
    </div>
  );
}
