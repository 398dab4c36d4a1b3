/**
 * The console islands' Astro renderer in the browser (`client:only="blog-console"`): React's own, but
 * imported from src/admin, so the client build gives it the console's copy of React and react-dom
 * (src/server/build/console-bundle.mjs), the copy the screens use.
 */
export { default } from '@astrojs/react/client.js';
