import {
  Bold,
  Code,
  Heading,
  Image,
  Italic,
  Link,
  List,
  ListOrdered,
  ListTodo,
  type LucideIcon,
  Minus,
  Quote,
  SquareCode,
  Strikethrough,
  Table,
} from 'lucide-react';
import { keyLabel } from '../../lib/markdown-format.ts';
import { BINDINGS, CODE_LANGS, type EditorApi, TOOLS, type Tool } from './actions.ts';
import styles from './editor.module.css';

const ICONS: Record<Tool, LucideIcon> = {
  heading: Heading,
  bold: Bold,
  italic: Italic,
  strike: Strikethrough,
  quote: Quote,
  code: Code,
  codeBlock: SquareCode,
  bullet: List,
  ordered: ListOrdered,
  task: ListTodo,
  table: Table,
  link: Link,
  image: Image,
  hr: Minus,
};

const MAC =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/** A tool's shortcuts, as the tooltip shows them and as aria-keyshortcuts lists them. */
function shortcuts(tool: Tool) {
  const keys = BINDINGS.filter((b) => b.tool === tool).map((b) => b.key);
  return {
    label: keys.map((k) => keyLabel(k, MAC)).join(' / '),
    aria: keys.map((k) => keyLabel(k, MAC, true)).join(' ') || undefined,
  };
}

type Props = {
  /** Null until the editor has loaded: the buttons wait. */
  api: EditorApi | null;
  lang: string;
  onLang: (lang: string) => void;
};

/** The formatting buttons above the text (actions.ts); each says its shortcut in its title. */
export function Toolbar({ api, lang, onLang }: Props) {
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="格式">
      {TOOLS.map(({ tool, label, hint }) => {
        const Icon = ICONS[tool];
        const keys = shortcuts(tool);
        const title = hint ? `${label}：${hint}` : label;
        return (
          <span key={tool} className={styles.toolGroup}>
            <button
              type="button"
              className={styles.tool}
              aria-label={label}
              title={keys.label ? `${title}（${keys.label}）` : title}
              aria-keyshortcuts={keys.aria}
              data-tool={tool}
              disabled={!api}
              // The editor keeps its focus and selection while the button is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => api?.run(tool)}
            >
              <Icon size={16} aria-hidden />
            </button>
            {tool === 'codeBlock' && (
              <select
                className={styles.lang}
                aria-label="代码块语言"
                title="代码块语言"
                value={lang}
                onChange={(e) => onLang(e.target.value)}
              >
                {CODE_LANGS.map((l) => (
                  <option key={l} value={l}>
                    {l}
                  </option>
                ))}
              </select>
            )}
          </span>
        );
      })}
    </div>
  );
}
