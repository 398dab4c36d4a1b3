import type { EagerRule } from './lib/interaction.ts';

// `client:interaction` (src/lib/interaction.ts, registered in src/server/build/client-directives.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | EagerRule | EagerRule[];
  }
}
