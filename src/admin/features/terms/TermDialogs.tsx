import { Dialog } from 'radix-ui';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { type AdminTerm, deleteTerms, mergeTerms, termDictionary } from '../../../lib/api/admin/terms.ts';
import { HttpError } from '../../../lib/api/client.ts';
import type { TermKind } from '../../../lib/contract/admin-terms.ts';
import type { DictionaryEntry } from '../../../lib/contract/articles.ts';
import { toast } from '../../../stores/toast.ts';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import styles from './terms.module.css';

export const TERM_LABEL: Record<TermKind, string> = { category: '分类', tag: '标签' };
const NONE = 'none';

type Props = { kind: TermKind; term: AdminTerm; onClose: () => void; onDone: () => unknown };

/** The other terms of the kind, for a picker (loaded when a dialog opens). */
function useOthers(kind: TermKind, id: number): DictionaryEntry[] | null {
  const [list, setList] = useState<DictionaryEntry[] | null>(null);
  useEffect(() => {
    termDictionary(kind).then(
      (all) => setList(all.filter((t) => t.id !== id)),
      () => setList([]),
    );
  }, [kind, id]);
  return list;
}

/** How many matches the picker lists at once: a blog may have hundreds of tags. */
const SHOWN = 50;

/**
 * A searchable picker of terms: a filter box over radio buttons. A radix Select cannot be searched and
 * grows past the screen once a blog has many tags.
 */
function TermPicker(props: {
  label: string;
  kind: TermKind;
  value: string;
  onChange: (v: string) => void;
  options: DictionaryEntry[];
  none?: string;
}) {
  const name = useId();
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLowerCase();
  const matches = needle ? props.options.filter((t) => t.name.toLowerCase().includes(needle)) : props.options;
  const kindLabel = TERM_LABEL[props.kind];
  const option = (value: string, text: string, count?: number) => (
    <label key={value} className={styles.option}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={props.value === value}
        onChange={() => props.onChange(value)}
      />
      <span className={styles.optionName}>{text}</span>
      {count !== undefined && <span className={styles.optionCount}>{count} 篇</span>}
    </label>
  );
  return (
    <fieldset className={styles.picker}>
      <legend className={kit.label}>{props.label}</legend>
      <SearchField
        label={`筛选${kindLabel}`}
        placeholder={`输入名称筛选${kindLabel}`}
        value={filter}
        onChange={setFilter}
      />
      <div className={styles.options}>
        {props.none && option(NONE, props.none)}
        {matches.slice(0, SHOWN).map((t) => option(String(t.id), t.name, t.articleCount))}
        {!matches.length && <p className={kit.hint}>{`没有名称含「${filter.trim()}」的${kindLabel}`}</p>}
        {matches.length > SHOWN && (
          <p className={kit.hint}>{`还有 ${matches.length - SHOWN} 个，请输入名称筛选`}</p>
        )}
      </div>
    </fieldset>
  );
}

/** A dialog with a title, a text, a body and its two buttons; `run` keeps it open (busy) until it settles. */
function TermDialog(props: {
  title: string;
  text: string;
  children: ReactNode;
  action: string;
  danger?: boolean;
  disabled?: boolean;
  error: string;
  run: () => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await props.run();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(o) => !o && !busy && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content className={kit.dialog}>
          <Dialog.Title className={kit.dialogTitle}>{props.title}</Dialog.Title>
          <Dialog.Description className={kit.dialogText}>{props.text}</Dialog.Description>
          {props.children}
          {props.error && (
            <p className={`${kit.error} ${styles.dialogError}`} role="alert">
              {props.error}
            </p>
          )}
          <div className={kit.actions}>
            <Dialog.Close className={kit.button} disabled={busy}>
              取消
            </Dialog.Close>
            <button
              type="button"
              className={props.danger ? kit.danger : kit.primary}
              disabled={busy || props.disabled}
              onClick={go}
            >
              {busy ? '处理中…' : props.action}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const messageOf = (e: unknown) => (e instanceof HttpError && e.message) || '操作失败，请稍后再试';

/** Merge: the articles of `term` go to the chosen one, and `term` is deleted. */
export function MergeDialog({ kind, term, onClose, onDone }: Props) {
  const label = TERM_LABEL[kind];
  const others = useOthers(kind, term.id);
  const [to, setTo] = useState('');
  const [error, setError] = useState('');
  // A refusal (e.g. merging into a term that went meanwhile) is said in the dialog, which stays open.
  const run = async () => {
    setError('');
    try {
      const { updateNum } = await mergeTerms(kind, term.id, Number(to));
      toast(`合并成功，${updateNum} 篇文章已移过去`, 'success', '提示');
      // Closed before the list is read again, so the dialog does not linger on a list that is changing.
      onClose();
      await onDone();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <TermDialog
      title={`合并${label}`}
      text={`「${term.name}」的 ${term.articleCount} 篇文章将移到所选${label}，然后删除「${term.name}」。`}
      action="合并"
      disabled={!to}
      error={error}
      run={run}
      onClose={onClose}
    >
      {others === null ? (
        <p className={kit.hint}>加载中…</p>
      ) : others.length ? (
        <TermPicker label="合并到" kind={kind} value={to} onChange={setTo} options={others} />
      ) : (
        <p className={kit.hint}>{`没有其他${label}可以合并。`}</p>
      )}
    </TermDialog>
  );
}

/**
 * Delete: a term in use is refused by the server (its message is shown here) unless its articles are
 * moved to another term first.
 */
export function DeleteDialog({ kind, term, onClose, onDone }: Props) {
  const label = TERM_LABEL[kind];
  const others = useOthers(kind, term.id);
  const [moveTo, setMoveTo] = useState(NONE);
  const [error, setError] = useState('');
  const used = term.articleCount > 0;
  const run = async () => {
    setError('');
    try {
      await deleteTerms(kind, [term.id], moveTo === NONE ? undefined : Number(moveTo));
      toast('删除成功', 'success', '提示');
      onClose();
      await onDone();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <TermDialog
      title={`删除${label}`}
      text={
        used
          ? `「${term.name}」下还有 ${term.articleCount} 篇文章。先把它们移到另一个${label}，才能删除。`
          : `确定删除「${term.name}」吗？删除后不可恢复。`
      }
      action="删除"
      danger
      error={error}
      run={run}
      onClose={onClose}
    >
      {used && others && (
        <TermPicker
          label="文章移到"
          kind={kind}
          value={moveTo}
          onChange={setMoveTo}
          options={others}
          none="不移动（仍有文章时无法删除）"
        />
      )}
    </TermDialog>
  );
}
