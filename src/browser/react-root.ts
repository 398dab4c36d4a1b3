/**
 * React and react-dom/client (CommonJS packages) behind one ES module in the `react` chunk
 * (astro.config.mjs): lazy-root.ts and the chat button import this, so the CommonJS interop runs in the
 * lazily loaded chunk and the chrome's first-load chunk needs no bundler runtime file.
 */
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
