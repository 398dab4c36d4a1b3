// @joplin/turndown-plugin-gfm ships no types (services/import/html-markdown.ts uses its `gfm` plugin).
declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';
  export const gfm: TurndownService.Plugin;
}
