import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { getRevision, listRevisions, restoreRevision } from '../../lib/api/admin/articles.ts';
import type { ArticleRevision, RevisionSummary } from '../../lib/contract/articles.ts';
import { formatDateTimeSeconds as when } from '../../lib/format.ts';
import { type Side, sideBySide } from '../../lib/side-by-side.ts';
import { toast } from '../../stores/toast.ts';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import kit from '../kit/kit.module.css';
import styles from './revisions.module.css';

type Props = {
  articleId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a restore: the editor loads the article again. */
  onRestored: () => void;
};

/**
 * 历史版本 (docs/api/admin.md#revisions): the article's revisions with time, size and who saved; any two
 * side by side (the older on the left); 恢复 puts one back as a new revision. Times have seconds: saves
 * come seconds apart, and three rows reading 04:29 could not be told apart.
 */
export function RevisionsDialog({ articleId, open, onOpenChange, onRestored }: Props) {
  const [list, setList] = useState<RevisionSummary[] | null>(null);
  const [pair, setPair] = useState<[number, number] | null>(null);
  const [texts, setTexts] = useState<[ArticleRevision, ArticleRevision] | null>(null);
  const [restoring, setRestoring] = useState<RevisionSummary | null>(null);

  useEffect(() => {
    if (!open) return;
    setList(null);
    setTexts(null);
    listRevisions(articleId).then(
      (l) => {
        setList(l);
        // The newest against the one before it, when there are two.
        setPair(l.length ? [l[Math.min(1, l.length - 1)].id, l[0].id] : null);
      },
      () => setList([]),
    );
  }, [open, articleId]);

  useEffect(() => {
    if (!pair) return;
    let live = true;
    Promise.all(pair.map(getRevision)).then(
      ([a, b]) => live && setTexts([a, b]),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [pair]);

  const pick = (side: 0 | 1, id: number) => setPair((p) => (p ? (side ? [p[0], id] : [id, p[1]]) : [id, id]));
  const restore = async (r: RevisionSummary) => {
    await restoreRevision(r.id);
    toast('已恢复该版本', 'success', '提示');
    onOpenChange(false);
    onRestored();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content className={`${kit.dialog} ${styles.dialog}`} aria-describedby={undefined}>
          <Dialog.Title className={kit.dialogTitle}>历史版本</Dialog.Title>
          {!list ? (
            <p className={styles.muted}>加载中…</p>
          ) : !list.length ? (
            <p className={styles.muted}>还没有保存过的版本。</p>
          ) : (
            <>
              <div className={styles.listWrap}>
                <table className={styles.list}>
                  <thead>
                    <tr>
                      <th>时间</th>
                      <th>大小</th>
                      <th>保存者</th>
                      <th>左</th>
                      <th>右</th>
                      <th>操作</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((r) => (
                      <tr key={r.id} data-revision={r.id}>
                        <td>
                          {when(r.createdAt)}
                          {r.published && <span className={styles.tag}>已发布</span>}
                        </td>
                        <td>{r.size} 字</td>
                        <td>{r.nick_name || `#${r.user_id}`}</td>
                        <td>
                          <input
                            type="radio"
                            name="left"
                            aria-label={`左侧：${when(r.createdAt)} 的版本`}
                            checked={pair?.[0] === r.id}
                            onChange={() => pick(0, r.id)}
                          />
                        </td>
                        <td>
                          <input
                            type="radio"
                            name="right"
                            aria-label={`右侧：${when(r.createdAt)} 的版本`}
                            checked={pair?.[1] === r.id}
                            onChange={() => pick(1, r.id)}
                          />
                        </td>
                        <td>
                          <button type="button" className={kit.button} onClick={() => setRestoring(r)}>
                            恢复
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {texts && <Compare left={texts[0]} right={texts[1]} />}
            </>
          )}
          <div className={kit.actions}>
            <Dialog.Close className={kit.button}>关闭</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(o) => !o && setRestoring(null)}
        title="恢复这个版本？"
        message={`文章的标题与正文将改回 ${restoring ? when(restoring.createdAt) : ''} 的版本，编辑器里未保存的修改会丢失；现在的内容仍留在历史版本里。`}
        confirmLabel="恢复"
        onConfirm={() => (restoring ? restore(restoring) : undefined)}
      />
    </Dialog.Root>
  );
}

/** The two revisions side by side, line against line. */
function Compare({ left, right }: { left: ArticleRevision; right: ArticleRevision }) {
  const rows = sideBySide(
    `${left.article_title}\n\n${left.article_content}`,
    `${right.article_title}\n\n${right.article_content}`,
  );
  const cell = (side: Side) => (
    <td className={side ? styles[side.kind] : styles.blank} data-kind={side?.kind}>
      {side?.text ?? ''}
    </td>
  );
  return (
    <div className={styles.diffWrap}>
      <table className={styles.diff} aria-label="版本对比" data-diff>
        <thead>
          <tr>
            <th>{when(left.createdAt)}</th>
            <th>{when(right.createdAt)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in a fixed comparison
            <tr key={i}>
              {cell(r.left)}
              {cell(r.right)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
