import type { EagerRule } from './browser/interaction.ts';

// `client:interaction` (src/browser/interaction.ts, registered in src/server/build/client-directives.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | EagerRule | EagerRule[];
  }
}
