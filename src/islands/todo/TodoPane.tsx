import { Trash2 } from 'lucide-react';
import { type SubmitEvent, useEffect, useState } from 'react';
import { addTodo, deleteTodo, todoList, updateTodo } from '../../lib/api/todos.ts';
import type { Todo } from '../../lib/contract/todos.ts';
import styles from './todo.module.css';

/** The to-do list itself: add, tick, delete; kept on the server per user. */
export default function TodoPane({ onClose }: { onClose: () => void }) {
  const [items, setItems] = useState<Todo[] | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    todoList()
      .then((list) => live && setItems(list))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, []);

  async function add(e: SubmitEvent) {
    e.preventDefault();
    const content = text.trim();
    if (!content || busy) return;
    setBusy(true);
    // Clear at once so the next item can be typed while this one is saved; put it back on failure.
    setText('');
    try {
      const todo = await addTodo(content);
      setItems((list) => [...(list ?? []), todo]);
    } catch {
      setText((typed) => typed || content); /* the HTTP client has shown why */
    } finally {
      setBusy(false);
    }
  }

  async function toggle(todo: Todo) {
    setItems((list) => list?.map((t) => (t.id === todo.id ? { ...t, done: !todo.done } : t)) ?? null);
    try {
      await updateTodo(todo.id, !todo.done);
    } catch {
      setItems((list) => list?.map((t) => (t.id === todo.id ? todo : t)) ?? null);
    }
  }

  async function remove(todo: Todo) {
    try {
      await deleteTodo(todo.id);
      setItems((list) => list?.filter((t) => t.id !== todo.id) ?? null);
    } catch {
      /* the HTTP client has shown why */
    }
  }

  const left = items?.filter((t) => !t.done).length ?? 0;
  return (
    <section className={styles.pane} role="dialog" aria-label="待办事项">
      <header className={styles.head}>
        <strong>待办事项</strong>
        {items && <span className="muted">{left} 项未完成</span>}
      </header>
      <form className={styles.add} onSubmit={add}>
        <input
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="添加一项待办，回车保存"
          aria-label="新的待办事项"
          maxLength={100}
          onKeyDown={(e) => e.key === 'Escape' && onClose()}
        />
        <button type="submit" className="btn btn-primary" disabled={busy || !text.trim()}>
          添加
        </button>
      </form>
      {items === null ? (
        <p className={`muted ${styles.empty}`}>加载中…</p>
      ) : items.length === 0 ? (
        <p className={`muted ${styles.empty}`}>空空如也</p>
      ) : (
        <ul className={styles.list}>
          {items.map((t) => (
            <li key={t.id} className={t.done ? styles.done : undefined}>
              <label>
                <input type="checkbox" checked={t.done} onChange={() => toggle(t)} />
                <span>{t.content}</span>
              </label>
              <button
                type="button"
                className={styles.delete}
                aria-label={`删除 ${t.content}`}
                onClick={() => remove(t)}
              >
                <Trash2 size={15} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
