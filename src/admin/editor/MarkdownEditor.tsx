import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { markdownKeymap, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, LanguageSupport, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, type Extension, Prec, type StateCommand } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { imageMarkdown } from '../../lib/markdown-format.ts';
import { uploadWithProgress } from '../kit/upload.ts';
import { BINDINGS, type EditorApi, type ImageSource, type Tool } from './actions.ts';
import * as cmd from './commands.ts';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The toolbar's way in, once the editor is there (null when it goes). */
  onReady?: (api: EditorApi | null) => void;
  /** The source line at the top of the editor (fractional), or 'end' when scrolled to the bottom. */
  onTopLine?: (line: number | 'end') => void;
  /** The image button's source of images; the default picks a file and uploads it. */
  onImage?: ImageSource;
  /** The code block button's language (actions.ts CODE_LANGS). */
  codeLang: string;
};

/** The command behind a toolbar button or shortcut (the image button is the editor's own). */
function commandFor(tool: Exclude<Tool, 'image'>, level: 1 | 2 | 3 | undefined, lang: string): StateCommand {
  switch (tool) {
    case 'heading':
      return cmd.heading(level);
    case 'bold':
    case 'italic':
    case 'strike':
    case 'code':
      return cmd.inline(tool);
    case 'quote':
    case 'bullet':
    case 'ordered':
    case 'task':
      return cmd.lines(tool);
    case 'codeBlock':
      return cmd.codeBlock(lang);
    case 'table':
      return cmd.table;
    case 'link':
      return cmd.link;
    case 'hr':
      return cmd.rule;
  }
}

/** The source line at the top of the editor's scroll area, with the part of it scrolled past. */
function topLine(view: EditorView): number | 'end' {
  const scroller = view.scrollDOM;
  if (scroller.scrollTop > 0 && scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2)
    return 'end';
  const height = scroller.getBoundingClientRect().top - view.documentTop;
  const block = view.lineBlockAtHeight(Math.max(0, height));
  const line = view.state.doc.lineAt(block.from).number;
  return line + Math.min(1, Math.max(0, (height - block.top) / (block.height || 1)));
}

/** Markdown colours from the site's variables: readable in dark and light. */
const highlight = HighlightStyle.define([
  { tag: t.heading, fontWeight: '700', color: 'var(--c-primary)' },
  { tag: t.strong, fontWeight: '700' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: t.strikethrough, textDecoration: 'line-through' },
  { tag: [t.link, t.url], color: 'var(--c-primary)', textDecoration: 'underline' },
  { tag: [t.monospace, t.quote, t.processingInstruction], color: 'var(--c-text-2)' },
]);

const look = EditorView.theme({
  '&': { color: 'var(--c-text)', backgroundColor: 'var(--c-surface)', height: '100%', fontSize: '15px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono, ui-monospace, monospace)', lineHeight: '1.7' },
  '.cm-content': { padding: '12px 4px', caretColor: 'var(--c-text)' },
  '.cm-cursor': { borderLeftColor: 'var(--c-text)' },
  '.cm-placeholder': { color: 'var(--c-muted)' },
  '.cm-panels': { backgroundColor: 'var(--c-surface-2)', color: 'var(--c-text)' },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, var(--c-primary) 25%, transparent)' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground': {
    backgroundColor: 'color-mix(in srgb, var(--c-primary) 22%, transparent) !important',
  },
});

/** The image files of a paste or a drop. */
const imagesOf = (data: DataTransfer | null) =>
  [...(data?.files ?? [])].filter((f) => f.type.startsWith('image/'));

/** Uploads each image, holding its place with a marker that the Markdown image replaces (or that goes). */
async function insertImages(view: EditorView, files: File[], at: number) {
  let pos = at;
  for (const file of files) {
    const name = (file.name || 'image').replace(/[[\]\n\r]/g, '');
    const marker = `![上传中 ${name}…]()`;
    view.dispatch({
      changes: { from: pos, insert: `${marker}\n` },
      selection: { anchor: pos + marker.length + 1 },
    });
    pos += marker.length + 1;
    let url = '';
    try {
      url = await uploadWithProgress(file, () => {});
    } catch {
      /* the upload has said why in a toast; the marker goes */
    }
    const from = view.state.doc.toString().indexOf(marker);
    if (from < 0) continue;
    const text = url ? imageMarkdown(name, url) : '';
    view.dispatch({ changes: { from, to: from + marker.length + (url ? 0 : 1), insert: text } });
    pos = view.state.selection.main.head;
  }
}

/** The search keys, each with what it does once the search is loaded (@codemirror/search's own keymap). */
const SEARCH_KEYS = {
  'Mod-f': 'openSearchPanel',
  F3: 'findNext',
  'Mod-g': 'findNext',
  'Shift-F3': 'findPrevious',
  'Shift-Mod-g': 'findPrevious',
  'Mod-Shift-l': 'selectSelectionMatches',
  'Mod-Alt-g': 'gotoLine',
  'Mod-d': 'selectNextOccurrence',
} as const;

/**
 * Search and replace, the highlighting of the selection's other matches and their keys, loaded by the
 * first search key (7 KB gzip off the editor's first load): that key then does what it does.
 */
function searchOnFirstUse(): Extension {
  const slot = new Compartment();
  let loaded: Promise<typeof import('@codemirror/search')> | undefined;
  const load = (view: EditorView) => {
    loaded ??= import('@codemirror/search').then((s) => {
      view.dispatch({
        effects: slot.reconfigure([
          s.search({ top: true }),
          s.highlightSelectionMatches(),
          keymap.of(s.searchKeymap),
        ]),
      });
      return s;
    });
    return loaded;
  };
  return [
    // First, so that once loaded its own keys come before these.
    slot.of([]),
    keymap.of(
      Object.entries(SEARCH_KEYS).map(([key, command]) => ({
        key,
        preventDefault: true,
        run: (view: EditorView) => {
          void load(view).then((s) => s[command](view));
          return true;
        },
      })),
    ),
  ];
}

/**
 * CodeMirror 6 with Markdown, history, search and line wrapping; pasted or dropped images upload; the
 * toolbar's commands and their shortcuts (actions.ts).
 */
export default function MarkdownEditor({ value, onChange, onReady, onTopLine, onImage, codeLang }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const view = useRef<EditorView | null>(null);
  const changed = useRef(onChange);
  changed.current = onChange;
  // The latest props, for the editor made once.
  const latest = useRef({ onReady, onTopLine, onImage, codeLang });
  latest.current = { onReady, onTopLine, onImage, codeLang };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once; value syncs below
  useEffect(() => {
    if (!host.current) return;
    const run = (tool: Tool, level?: 1 | 2 | 3) => {
      const ed = view.current;
      if (!ed) return;
      if (tool === 'image') {
        const source = latest.current.onImage;
        if (!source) return file.current?.click();
        source((url, alt) => {
          const current = view.current;
          if (!current) return;
          cmd.insertText(imageMarkdown(alt, url))(current);
          current.focus();
        });
        return;
      }
      commandFor(tool, level, latest.current.codeLang)(ed);
      ed.focus();
    };
    const v = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          // Before the default keys: Mod-i is the toolbar's italic, not selectParentSyntax.
          Prec.high(
            keymap.of(
              BINDINGS.map((b) => ({
                key: b.key,
                preventDefault: true,
                run: () => {
                  run(b.tool, b.level);
                  return true;
                },
              })),
            ),
          ),
          searchOnFirstUse(),
          keymap.of([...markdownKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab]),
          // The GFM language without markdown()'s HTML completion (lang-html, css and js: 70 KB gzip more).
          new LanguageSupport(markdownLanguage),
          syntaxHighlighting(highlight),
          EditorView.lineWrapping,
          placeholder('用 Markdown 写正文，可以直接粘贴或拖入图片…'),
          EditorView.contentAttributes.of({ 'aria-label': '正文（Markdown）', 'aria-multiline': 'true' }),
          look,
          EditorView.updateListener.of((u) => u.docChanged && changed.current(u.state.doc.toString())),
          EditorView.domEventHandlers({
            paste(e, ed) {
              const files = imagesOf(e.clipboardData);
              if (!files.length) return false;
              e.preventDefault();
              void insertImages(ed, files, ed.state.selection.main.head);
              return true;
            },
            drop(e, ed) {
              const files = imagesOf(e.dataTransfer);
              if (!files.length) return false;
              e.preventDefault();
              const at = ed.posAtCoords({ x: e.clientX, y: e.clientY }) ?? ed.state.selection.main.head;
              void insertImages(ed, files, at);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = v;
    // The preview follows, at most once a frame.
    let frame = 0;
    const scrolled = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => latest.current.onTopLine?.(topLine(v)));
    };
    v.scrollDOM.addEventListener('scroll', scrolled, { passive: true });
    latest.current.onReady?.({ run });
    return () => {
      cancelAnimationFrame(frame);
      latest.current.onReady?.(null);
      v.destroy();
      view.current = null;
    };
  }, []);

  // A value from outside (a restored draft, a reload) replaces the text.
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
  }, [value]);

  return (
    <>
      <div ref={host} className="md-editor" data-editor />
      <input
        ref={file}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-image-file
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          const ed = view.current;
          if (ed && files.length) void insertImages(ed, files, ed.state.selection.main.head);
        }}
      />
    </>
  );
}
