import { Maximize2, Minimize2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { enrichBody } from '../../islands/article/rich-body.ts';
import { previewMarkdown } from '../../lib/api/admin/articles.ts';
import { previewOffset } from '../../lib/scroll-sync.ts';
import type { EditorApi, ImageSource } from './actions.ts';
import styles from './editor.module.css';
import { Toolbar } from './Toolbar.tsx';

/** CodeMirror arrives in its own chunk, after the console's shell has drawn. */
const MarkdownEditor = lazy(() => import('./MarkdownEditor.tsx'));

type Mode = 'split' | 'edit' | 'preview';
const MODES: Record<Mode, string> = { split: '对照', edit: '编辑', preview: '预览' };
/** Below this width there is no room for two columns: one at a time. */
const NARROW = '(max-width: 900px)';
const PREVIEW_DELAY_MS = 400;

type Props = {
  content: string;
  onChange: (value: string) => void;
  /** Where the image button gets its images; by default it uploads a picked file. */
  onImage?: ImageSource;
};

/** Places the preview so the source line at the editor's top is at its top (lib/scroll-sync.ts). */
function follow(preview: HTMLElement | null, at: number | 'end') {
  if (!preview) return;
  // The text's start or end: the preview's too (past its padding, and the last block's end).
  if (at === 'end' || at <= 1) {
    preview.scrollTop = at === 'end' ? preview.scrollHeight : 0;
    return;
  }
  const origin = preview.getBoundingClientRect().top - preview.scrollTop;
  const anchors = [...preview.querySelectorAll<HTMLElement>('.md-body > [data-source-line]')].map((el) => ({
    line: Number(el.dataset.sourceLine),
    top: el.getBoundingClientRect().top - origin,
  }));
  const last = anchors.at(-1);
  preview.scrollTop = previewOffset(at, anchors, {
    line: (last?.line ?? 1) + 50,
    top: preview.scrollHeight,
  });
}

/**
 * The text with its toolbar and its live preview (the readers' own rendering, scrolling with the
 * text), side by side or one at a time; 专注 fills the window with them until Esc.
 */
export function EditorPane({ content, onChange, onImage }: Props) {
  const [narrow, setNarrow] = useState(() => matchMedia(NARROW).matches);
  const [mode, setMode] = useState<Mode>(narrow ? 'edit' : 'split');
  const [html, setHtml] = useState('');
  const [failed, setFailed] = useState(false);
  const [api, setApi] = useState<EditorApi | null>(null);
  const [lang, setLang] = useState('plain');
  const [focus, setFocus] = useState(false);
  const preview = useRef<HTMLElement>(null);
  const top = useRef<number | 'end'>(1);
  const onTopLine = useCallback((at: number | 'end') => {
    top.current = at;
    follow(preview.current, at);
  }, []);

  // Esc leaves 专注, unless something inside (the search panel) used it.
  useEffect(() => {
    if (!focus) return;
    const leave = (e: KeyboardEvent) => e.key === 'Escape' && !e.defaultPrevented && setFocus(false);
    addEventListener('keydown', leave);
    return () => removeEventListener('keydown', leave);
  }, [focus]);

  // A new rendering keeps the preview at the text's place.
  // biome-ignore lint/correctness/useExhaustiveDependencies: html is what changed the preview's blocks
  useEffect(() => follow(preview.current, top.current), [html]);
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
    <section className={styles.pane} data-mode={mode} data-focus={focus || undefined}>
      <div className={styles.paneBar}>
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
        <button
          type="button"
          className={styles.focusButton}
          aria-pressed={focus}
          title={focus ? '退出专注（Esc）' : '专注：编辑器铺满窗口，Esc 退出'}
          onClick={() => setFocus((f) => !f)}
        >
          {focus ? <Minimize2 size={14} aria-hidden /> : <Maximize2 size={14} aria-hidden />}
          专注
        </button>
      </div>
      {mode !== 'preview' && <Toolbar api={api} lang={lang} onLang={setLang} />}
      <div className={styles.columns}>
        <div className={styles.source} hidden={mode === 'preview'}>
          <Suspense fallback={<p className={styles.muted}>编辑器加载中…</p>}>
            <MarkdownEditor
              value={content}
              onChange={onChange}
              onReady={setApi}
              onTopLine={onTopLine}
              onImage={onImage}
              codeLang={lang}
            />
          </Suspense>
        </div>
        {showPreview && (
          <section ref={preview} className={styles.preview} aria-label="预览" data-preview>
            {failed && <p className={styles.muted}>预览暂不可用，稍后会重试。</p>}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitized rendering, as /article shows it */}
            <div ref={body} className="md-body" dangerouslySetInnerHTML={{ __html: html }} />
          </section>
        )}
      </div>
    </section>
  );
}
