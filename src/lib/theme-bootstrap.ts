/**
 * The inline script in <head> that applies the theme before first paint (SPEC §4 Theme: the saved
 * choice, else dark outside 8–18 h) and the device class (SPEC §9: mobile by user agent), and
 * re-applies both to every page the client router swaps in. Kept as one string so the server can
 * allow exactly this script by its hash in the Content-Security-Policy.
 */
export const THEME_BOOTSTRAP = `(function () {
  function apply(root) {
    var theme;
    var data = {};
    try {
      var raw = localStorage.getItem(btoa(encodeURIComponent('staticData')));
      if (raw) data = JSON.parse(decodeURIComponent(atob(raw))) || {};
      theme = data.theme;
    } catch (e) {}
    // The article preview and code themes (SPEC §9), read by src/styles/markdown.css.
    root.dataset.previewTheme = typeof data.previewTheme === 'string' ? data.previewTheme : 'default';
    root.dataset.codeTheme = typeof data.codeTheme === 'string' ? data.codeTheme : 'atom';
    if (theme !== 'dark' && theme !== 'light') {
      var h = new Date().getHours();
      theme = h >= 8 && h < 18 ? 'light' : 'dark';
    }
    root.dataset.theme = theme;
    root.dataset.device = /Android|webOS|iPhone|iPod|iPad|BlackBerry|IEMobile|Opera Mini|Mobile/i.test(navigator.userAgent)
      ? 'mobile'
      : 'desktop';
  }
  apply(document.documentElement);
  document.addEventListener('astro:before-swap', function (e) {
    apply(e.newDocument.documentElement);
  });
})();`;
