import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { enrichBody } from '../../islands/article/rich-body.ts';
import { previewMarkdown } from '../../lib/api/admin/articles.ts';
import styles from './editor.module.css';

/** CodeMirror arrives in its own chunk, after the console's shell has drawn. */
const MarkdownEditor = lazy(() => import('./MarkdownEditor.tsx'));

type Mode = 'split' | 'edit' | 'preview';
const MODES: Record<Mode, string> = { split: '对照', edit: '编辑', preview: '预览' };
/** Below this width there is no room for two columns: one at a time. */
const NARROW = '(max-width: 900px)';
const PREVIEW_DELAY_MS = 400;

type Props = { content: string; onChange: (value: string) => void };

/** The text and its live preview (the readers' own rendering), side by side or one at a time. */
export function EditorPane({ content, onChange }: Props) {
  const [narrow, setNarrow] = useState(() => matchMedia(NARROW).matches);
  const [mode, setMode] = useState<Mode>(narrow ? 'edit' : 'split');
  const [html, setHtml] = useState('');
  const [failed, setFailed] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const mq = matchMedia(NARROW);
    const follow = () => {
      setNarrow(mq.matches);
      if (mq.matches) setMode((m) => (m === 'split' ? 'edit' : m));
    };
    mq.addEventListener('change', follow);
    return () => mq.removeEventListener('change', follow);
  }, []);

  const showPreview = mode !== 'edit';
  useEffect(() => {
    if (!showPreview) return;
    const timer = setTimeout(() => {
      previewMarkdown(content).then(
        (r) => {
          setHtml(r.html);
          setFailed(false);
        },
        () => setFailed(true),
      );
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [content, showPreview]);

  // Math's stylesheet and the diagrams, as on the article page (docs/owner-guide.md#数学公式与图表).
  useEffect(() => {
    if (!showPreview || !html || !body.current) return;
    const drawing = new AbortController();
    enrichBody(body.current, drawing.signal);
    return () => drawing.abort();
  }, [html, showPreview]);

  return (
    <section className={styles.pane} data-mode={mode}>
      <fieldset className={styles.modes} aria-label="编辑与预览">
        {(Object.keys(MODES) as Mode[])
          .filter((m) => !(narrow && m === 'split'))
          .map((m) => (
            <button
              key={m}
              type="button"
              className={styles.mode}
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
            >
              {MODES[m]}
            </button>
          ))}
      </fieldset>
      <div className={styles.columns}>
        <div className={styles.source} hidden={mode === 'preview'}>
          <Suspense fallback={<p className={styles.muted}>编辑器加载中…</p>}>
            <MarkdownEditor value={content} onChange={onChange} />
          </Suspense>
        </div>
        {showPreview && (
          <section className={styles.preview} aria-label="预览" data-preview>
            {failed && <p className={styles.muted}>预览暂不可用，稍后会重试。</p>}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized rendering, as /article shows it */}
            <div ref={body} className="md-body" dangerouslySetInnerHTML={{ __html: html }} />
          </section>
        )}
      </div>
    </section>
  );
}
