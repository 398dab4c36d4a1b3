/**
 * The inline script in <head> that applies the theme before first paint (docs/product.md#theme: the
 * saved choice, else dark outside 8–18 h) and the device class (mobile by user agent), and
 * re-applies both to every page the client router swaps in. Kept as one string so the server can
 * allow exactly this script by its hash in the Content-Security-Policy.
 *
 * Written minified by hand: it is inline in every page, so every byte counts against the 20 KB first-load
 * budget (docs/decisions/0010-islands-on-interaction.md). Spelled out: apply(root) reads the saved static
 * data (key and value as src/lib/storage.ts encodes them), sets data-preview-theme (default 'default') and
 * data-code-theme (default 'atom') as read by src/styles/markdown.css, data-theme (the saved 'dark' or
 * 'light', else light from 8 to 18 h) and data-device ('mobile' by user agent, else 'desktop'); it runs on
 * the document, then on each document the client router swaps in (astro:before-swap).
 */
export const THEME_BOOTSTRAP = `(function(){function a(r){var t,d={};try{var s=localStorage.getItem(btoa(encodeURIComponent("staticData")));if(s)d=JSON.parse(decodeURIComponent(atob(s)))||{};t=d.theme}catch(e){}var p=d.previewTheme,c=d.codeTheme;r.dataset.previewTheme=typeof p=="string"?p:"default";r.dataset.codeTheme=typeof c=="string"?c:"atom";if(t!="dark"&&t!="light"){var h=new Date().getHours();t=h>=8&&h<18?"light":"dark"}r.dataset.theme=t;r.dataset.device=/Android|webOS|iPhone|iPod|iPad|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(navigator.userAgent)?"mobile":"desktop"}a(document.documentElement);document.addEventListener("astro:before-swap",function(e){a(e.newDocument.documentElement)})})();`;
