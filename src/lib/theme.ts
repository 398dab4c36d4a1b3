export type Theme = 'dark' | 'light';

export const PREVIEW_THEMES = ['default', 'github', 'vuepress', 'mk-cute', 'smart-blue', 'cyanosis'] as const;
export const CODE_THEMES = [
  'atom',
  'a11y',
  'github',
  'gradient',
  'kimbie',
  'paraiso',
  'qtcreator',
  'stackoverflow',
] as const;
export type PreviewTheme = (typeof PREVIEW_THEMES)[number];
export type CodeTheme = (typeof CODE_THEMES)[number];
