/**
 * The editor's toolbar and shortcuts (docs/owner-guide.md#编辑器工具栏与快捷键): one table that the
 * toolbar (its titles) and the editor (its keymap, in the CodeMirror chunk) both read.
 */

export type Tool =
  | 'heading'
  | 'bold'
  | 'italic'
  | 'strike'
  | 'quote'
  | 'code'
  | 'codeBlock'
  | 'bullet'
  | 'ordered'
  | 'task'
  | 'table'
  | 'link'
  | 'image'
  | 'hr';

/** The toolbar's order, with each button's name (and what its title adds). */
export const TOOLS: { tool: Tool; label: string; hint?: string }[] = [
  { tool: 'heading', label: '标题', hint: '依次切换 H1、H2、H3、正文' },
  { tool: 'bold', label: '加粗' },
  { tool: 'italic', label: '斜体' },
  { tool: 'strike', label: '删除线' },
  { tool: 'quote', label: '引用' },
  { tool: 'code', label: '行内代码' },
  { tool: 'codeBlock', label: '代码块', hint: '语言在右侧选择' },
  { tool: 'bullet', label: '无序列表' },
  { tool: 'ordered', label: '有序列表' },
  { tool: 'task', label: '任务列表' },
  { tool: 'table', label: '表格' },
  { tool: 'link', label: '链接' },
  { tool: 'image', label: '图片', hint: '从媒体库选择或上传' },
  { tool: 'hr', label: '分隔线' },
];

/**
 * Key bindings, CodeMirror's names (Mod is Ctrl, or ⌘ on a Mac). Headings are Ctrl+Alt+1–3 (as in
 * Google Docs: Ctrl+1–3 switch the browser's tabs); lists, quote, strikethrough and code block follow
 * Slack's Ctrl+Shift+7/8/9, X and C. Ctrl+S is left to the browser, as before.
 */
export const BINDINGS: { key: string; tool: Tool; level?: 1 | 2 | 3 }[] = [
  { key: 'Mod-b', tool: 'bold' },
  { key: 'Mod-i', tool: 'italic' },
  { key: 'Mod-Shift-x', tool: 'strike' },
  { key: 'Mod-e', tool: 'code' },
  { key: 'Mod-Shift-c', tool: 'codeBlock' },
  { key: 'Mod-k', tool: 'link' },
  { key: 'Mod-Alt-1', tool: 'heading', level: 1 },
  { key: 'Mod-Alt-2', tool: 'heading', level: 2 },
  { key: 'Mod-Alt-3', tool: 'heading', level: 3 },
  { key: 'Mod-Shift-7', tool: 'ordered' },
  { key: 'Mod-Shift-8', tool: 'bullet' },
  { key: 'Mod-Shift-9', tool: 'quote' },
];

/** The code block's languages: what the picker offers, `plain` writing a fence without one. */
export const CODE_LANGS = [
  'plain',
  'js',
  'ts',
  'python',
  'bash',
  'json',
  'html',
  'css',
  'go',
  'rust',
  'java',
  'c',
  'cpp',
  'sql',
  'yaml',
  'markdown',
] as const;

/** What the toolbar asks of the editor once it has loaded. */
export type EditorApi = {
  run: (tool: Tool, level?: 1 | 2 | 3) => void;
};

/**
 * The image button's action: given `insert`, which puts `![alt](url)` at the cursor, it gets an image
 * and inserts it. Without one, the button picks a file and uploads it as a pasted image is.
 */
export type ImageSource = (insert: (url: string, alt: string) => void) => void;
