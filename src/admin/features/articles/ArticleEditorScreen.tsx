import { useStore } from '@nanostores/react';
import { ExternalLink, History } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  addArticle,
  categoryDictionary,
  getArticle,
  getAutosave,
  isRenderRefused,
  isStaleSave,
  tagDictionary,
  updateArticle,
} from '../../../lib/api/admin/articles.ts';
import type { HttpError } from '../../../lib/api/client.ts';
import { showHttpError } from '../../../lib/api/errors.ts';
import type { DictionaryEntry } from '../../../lib/contract/articles.ts';
import { toast } from '../../../stores/toast.ts';
import { EditorFields } from '../../editor/EditorFields.tsx';
import { EditorPane } from '../../editor/EditorPane.tsx';
import styles from '../../editor/editor.module.css';
import {
  type EditorForm,
  EMPTY_FORM,
  formOf,
  isScheduled,
  sameForm,
  saveBody,
  textStats,
  withDraft,
} from '../../editor/form.ts';
import { type AutosaveState, useAutosave } from '../../editor/use-autosave.ts';
import kit from '../../kit/kit.module.css';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';
import { $gate, $heading } from '../../stores.ts';

// Loaded when first opened: none is on the editor's first load (docs/performance.md).
const ConflictDialog = lazy(() =>
  import('../../editor/ConflictDialog.tsx').then((m) => ({ default: m.ConflictDialog })),
);
const RenderRefusalDialog = lazy(() =>
  import('../../editor/RenderRefusalDialog.tsx').then((m) => ({ default: m.RenderRefusalDialog })),
);
const RevisionsDialog = lazy(() =>
  import('../../editor/RevisionsDialog.tsx').then((m) => ({ default: m.RevisionsDialog })),
);
const MediaPicker = lazy(() => import('../media/MediaPicker.tsx').then((m) => ({ default: m.MediaPicker })));

/** /admin/articles/edit(?id=…): the Markdown editor with its live preview, autosave and fields. */
export default function ArticleEditorScreen() {
  const [initialId] = useState(() => Number(new URLSearchParams(location.search).get('id')) || 0);
  // A new article is 写文章 until its first save gives it an id.
  return <Editor initialId={initialId} onSaved={(id) => $heading.set(id ? '编辑文章' : '写文章')} />;
}

const STATUS_LABEL: Record<number, string> = { 1: '已发布', 2: '私密', 3: '草稿', 4: '定时发布' };

/** A save to send again: its status, and whether it overwrites a newer version or stores plain text. */
type Resend = { status: number; overwrite: boolean; allowPlain: boolean };

type Loaded = { form: EditorForm; stored: EditorForm; version: number | null; restored: string | null };

/**
 * The stored article with its autosave (what was typed after the last save) laid over it. `restored`
 * is set only when the two differ, so the "已恢复" note never shows for an autosave with nothing new.
 */
async function loadEditor(id: number): Promise<Loaded> {
  const [article, state] = await Promise.all([id ? getArticle(id) : null, getAutosave(id)]);
  const stored = article ? formOf(article) : EMPTY_FORM;
  const draft = state.autosave ? withDraft(stored, state.autosave.draft) : stored;
  const restored = state.autosave && !sameForm(draft, stored) ? state.autosave.savedAt : null;
  return { form: draft, stored, version: state.version, restored };
}

function Editor({ initialId, onSaved }: { initialId: number; onSaved: (id: number) => void }) {
  const gate = useStore($gate);
  const [articleId, setArticleId] = useState(initialId);
  const [form, setForm] = useState<EditorForm | null>(null);
  const [stored, setStored] = useState<EditorForm>(EMPTY_FORM);
  const [version, setVersion] = useState<number | null>(null);
  const [newer, setNewer] = useState(false);
  const [restored, setRestored] = useState<string | null>(null);
  const [terms, setTerms] = useState<{ categories: DictionaryEntry[]; tags: DictionaryEntry[] }>({
    categories: [],
    tags: [],
  });
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Resend | null>(null);
  // A save refused for its body (docs/owner-guide.md#正文渲染): the server's message and the save to resend.
  const [refusal, setRefusal] = useState<(Resend & { message: string }) | null>(null);
  const [originError, setOriginError] = useState('');
  const [revisionsOpen, setRevisionsOpen] = useState(false);
  const work = useRef<HTMLDivElement>(null);
  // The toolbar's 图片 asked for a picture: where the media library's pick goes (docs/owner-guide.md#媒体库).
  const [insertImage, setInsertImage] = useState<((url: string, alt: string) => void) | null>(null);
  // The first save creates the article: a retry of it after a lost answer must not make a second.
  const keyed = useIdempotencyKey();
  const { state: autosaved, settle } = useAutosave(form, articleId, version, (current) =>
    setNewer(version !== null && current > version),
  );

  useEffect(() => {
    if (gate !== 'admin') return;
    loadEditor(initialId).then(
      (l) => {
        setForm(l.form);
        setStored(l.stored);
        setVersion(l.version);
        setRestored(l.restored);
      },
      () => {},
    );
    Promise.all([categoryDictionary(), tagDictionary()]).then(
      ([categories, tags]) => setTerms({ categories, tags }),
      () => {},
    );
  }, [gate, initialId]);

  // Leaving with unsaved changes asks first; the browser's own dialog (preventDefault is what asks).
  const unsaved = form !== null && !sameForm(form, stored);
  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [unsaved]);

  if (!form) return <p className={styles.muted}>加载中…</p>;
  const set = (patch: Partial<EditorForm>) => setForm((f) => f && { ...f, ...patch });

  const save = async (status: number, overwrite = false, allowPlain = false) => {
    if (!form.article_title.trim()) return toast('请填写文章标题', 'warning', '温馨提示');
    if (!form.article_content.trim()) return toast('请填写文章内容', 'warning', '温馨提示');
    if (form.type !== 1 && !form.origin_url.trim()) return setOriginError('转载或翻译的文章请填写原文链接');
    if (form.locked && !stored.locked && !form.password)
      return toast('请填写文章密码', 'warning', '温馨提示');
    setOriginError('');
    const body = { ...saveBody(form, status), ...(allowPlain ? { allow_plain: true } : {}) };
    setBusy(true);
    try {
      // quiet: a stale version and a body the renderer cannot finish are not toasts here but the
      // dialogs below (catch); any other failure is shown there as the client would have.
      const saved = articleId
        ? await updateArticle(
            { ...body, id: articleId, version: version ?? undefined, overwrite },
            { quiet: true },
          )
        : await keyed((key) => addArticle(body, key, { quiet: true }));
      // 发布 with a time ahead schedules it (status 4 on the server too).
      const scheduled = status === 1 && isScheduled(form);
      const next = {
        ...form,
        status: scheduled ? 4 : status,
        publish_at: status === 1 && !scheduled ? '' : form.publish_at,
      };
      // The first save gives the article an id: put it in the address so a reload edits this article
      // instead of starting a new one.
      if (!articleId) history.replaceState(null, '', `/admin/articles/edit?id=${saved.id}`);
      setArticleId(saved.id);
      onSaved(saved.id);
      setVersion(saved.version);
      setNewer(false);
      setForm(next);
      setStored(next);
      setRestored(null);
      // What was just saved is the autosave's new starting point: it sends nothing until the next change.
      settle(next);
      setConflict(null);
      setRefusal(null);
      toast(status === 3 ? '草稿已保存' : scheduled ? '已定时发布' : '发布成功', 'success', '提示');
    } catch (e) {
      const err = e as HttpError;
      const resend = { status, overwrite, allowPlain };
      if (isStaleSave(err)) {
        setRefusal(null);
        setConflict(resend);
      } else if (isRenderRefused(err)) {
        setConflict(null);
        setRefusal({ ...resend, message: err.message });
      } else if (err.code === 100) toast(err.message, 'warning', '温馨提示');
      else if (!showHttpError(err.status, err.message))
        toast(err.message || '保存失败，请稍后再试', 'error', '错误提示');
    } finally {
      setBusy(false);
    }
  };

  /** Drops the editor's changes for what the server holds now (another tab's save, or before the draft). */
  const reload = async () => {
    const l = await loadEditor(articleId).catch(() => null);
    if (!l) return;
    setForm(l.stored);
    setStored(l.stored);
    setVersion(l.version);
    setNewer(false);
    setRestored(null);
    // resend: the autosave forgets what it sent, so the next change is sent even if it matches an old draft.
    settle(l.stored, true);
    setConflict(null);
  };

  const stats = textStats(form.article_content);
  return (
    <div className={styles.editor}>
      <div className={styles.head}>
        <input
          className={styles.title}
          value={form.article_title}
          placeholder="文章标题"
          aria-label="文章标题"
          maxLength={100}
          onChange={(e) => set({ article_title: e.target.value })}
        />
        <div className={styles.bar}>
          <span className={styles.muted}>{articleId ? STATUS_LABEL[stored.status] : '未发布'}</span>
          <SaveState state={autosaved} unsaved={unsaved} />
          <span className={styles.muted} data-stats>
            {stats.words} 字 · 约 {stats.minutes} 分钟读完
          </span>
          <span className={styles.spacer} />
          {articleId > 0 && (
            <button type="button" className={kit.button} onClick={() => setRevisionsOpen(true)}>
              <History size={16} aria-hidden />
              历史版本
            </button>
          )}
          {articleId > 0 && (
            <a className={kit.button} href={`/article?id=${articleId}`} target="_blank" rel="noopener">
              <ExternalLink size={16} aria-hidden />
              在网站上查看
            </a>
          )}
          <button type="button" className={kit.button} disabled={busy} onClick={() => save(3)}>
            {stored.status === 3 || !articleId ? '保存草稿' : '转为草稿'}
          </button>
          <button
            type="button"
            className={kit.primary}
            disabled={busy}
            onClick={() => save(form.status === 2 ? 2 : 1)}
          >
            {busy
              ? '保存中…'
              : isScheduled(form) && stored.status !== 1
                ? '定时发布'
                : stored.status !== 3 && articleId
                  ? '更新'
                  : '发布'}
          </button>
        </div>
        {restored && (
          <p className={styles.notice} role="status">
            已恢复 {restored} 自动保存的内容。
            <button type="button" className={kit.button} onClick={reload}>
              放弃这些改动
            </button>
          </p>
        )}
        {newer && (
          <p className={styles.notice} role="status">
            这篇文章已在别处（可能是另一个标签页）保存了新版本。
            <button type="button" className={kit.button} onClick={reload}>
              载入新版本
            </button>
          </p>
        )}
      </div>
      <div className={styles.work} ref={work}>
        <EditorPane
          content={form.article_content}
          onChange={(v) => set({ article_content: v })}
          onImage={(insert) => setInsertImage(() => insert)}
        />
        {insertImage && (
          <Suspense fallback={null}>
            <MediaPicker
              onPick={({ url, alt }) => insertImage(url, alt)}
              onClose={() => setInsertImage(null)}
            />
          </Suspense>
        )}
        <aside className={styles.side} aria-label="文章设置">
          <EditorFields
            form={form}
            set={set}
            categories={terms.categories}
            tags={terms.tags}
            originError={originError}
            canSchedule={!articleId || stored.status === 3 || stored.status === 4}
            hasPassword={stored.locked}
          />
        </aside>
      </div>
      <Suspense fallback={null}>
        {articleId > 0 && revisionsOpen && (
          <RevisionsDialog
            articleId={articleId}
            open={revisionsOpen}
            onOpenChange={setRevisionsOpen}
            onRestored={reload}
          />
        )}
        {conflict !== null && (
          <ConflictDialog
            open
            busy={busy}
            onClose={() => setConflict(null)}
            onReload={reload}
            onOverwrite={() => save(conflict.status, true, conflict.allowPlain)}
          />
        )}
        {refusal !== null && (
          <RenderRefusalDialog
            message={refusal.message}
            busy={busy}
            onClose={() => setRefusal(null)}
            onPlain={() => save(refusal.status, refusal.overwrite, true)}
            // 返回修改: back to the text (CodeMirror's editable element).
            returnFocus={() => work.current?.querySelector<HTMLElement>('.cm-content')?.focus()}
          />
        )}
      </Suspense>
    </div>
  );
}

function SaveState({ state, unsaved }: { state: AutosaveState; unsaved: boolean }) {
  const text =
    state.kind === 'saving'
      ? '保存中…'
      : state.kind === 'pending'
        ? '有未保存的修改'
        : state.kind === 'failed'
          ? '自动保存失败，将在下次修改时重试'
          : state.kind === 'saved'
            ? `已保存 ${state.at ?? ''}`
            : unsaved
              ? '已保存'
              : '';
  return (
    <span className={styles.saveState} role="status" data-autosave={state.kind}>
      {text}
    </span>
  );
}
