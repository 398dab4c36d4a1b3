// `client:interaction` (src/lib/interaction.ts, registered in src/server/build/client-directives.mjs).
declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean | string;
  }
}

export {};
