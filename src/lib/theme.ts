export type Theme = 'dark' | 'light';

/** SPEC §4 Theme: with no saved choice, dark outside 8–18 h, light inside. */
export const themeForHour = (hour: number): Theme => (hour >= 8 && hour < 18 ? 'light' : 'dark');

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
