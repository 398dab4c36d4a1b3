/**
 * The API reference page's stylesheet (docs-page.ts), inline in the page: the site's colours in
 * light and dark (html[data-theme], set by the theme bootstrap from the reader's choice on the site),
 * a sticky list of features beside the operations from 1000 px, above them on a phone, where each
 * table row folds into a block.
 */
export const DOCS_STYLE = `
:root{--bg:#f4f6fb;--surface:#fff;--surface-2:#eef1f7;--text:#1f2430;--muted:#5f6778;--border:#dfe3ec;--primary:#2760c4;--get:#1f7332;--post:#2760c4;--put:#8a5a00;--delete:#b3261e;--req:#a33a14;color-scheme:light}
html[data-theme="dark"]{--bg:#11141b;--surface:#1a1e27;--surface-2:#232835;--text:#e6e9f0;--muted:#9aa3b5;--border:#2f3545;--primary:#6ea1ff;--get:#63d187;--post:#6ea1ff;--put:#f0c060;--delete:#ff8a80;--req:#ff9350;color-scheme:dark}
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;scroll-padding-top:12px}
body{margin:0;background:var(--bg);color:var(--text);font:15px/1.7 system-ui,-apple-system,"PingFang SC","Hiragino Sans GB","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
a{color:var(--primary)}
code{font-family:ui-monospace,"SFMono-Regular",Menlo,Consolas,monospace;font-size:.92em;overflow-wrap:anywhere}
.top{padding:20px 16px 8px;max-width:1280px;margin:0 auto}
.top h1{margin:0;font-size:26px}
.top p{margin:4px 0 0;color:var(--muted)}
.layout{max-width:1280px;margin:0 auto;padding:0 16px 48px}
nav ul{list-style:none;margin:12px 0;padding:0;display:flex;flex-wrap:wrap;gap:6px}
nav a{display:inline-block;padding:2px 10px;border:1px solid var(--border);border-radius:999px;background:var(--surface);text-decoration:none}
nav .count{color:var(--muted);font-size:12px}
main{min-width:0}
h2{font-size:21px;margin:32px 0 8px;padding-bottom:4px;border-bottom:2px solid var(--border)}
h3{font-size:17px;margin:0 0 4px}
h4{font-size:14px;margin:14px 0 6px;color:var(--muted)}
.intro,.op,#auth .answers{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:12px 16px;margin:12px 0}
.intro ul{padding-left:1.2em}
.endpoint{margin:0 0 6px;display:flex;flex-wrap:wrap;align-items:baseline;gap:6px 8px}
.method{font:700 12px/1.6 ui-monospace,Menlo,Consolas,monospace;padding:0 6px;border-radius:4px;border:1px solid currentColor;color:var(--post)}
.method.get{color:var(--get)}.method.put,.method.patch{color:var(--put)}.method.delete{color:var(--delete)}
.access{font-size:12px;padding:0 8px;border-radius:999px;background:var(--surface-2);color:var(--muted)}
.access.admin{color:var(--delete)}.access.login,.access.music{color:var(--put)}
p{margin:6px 0}
.media{color:var(--muted)}
table{width:100%;border-collapse:collapse;font-size:14px}
th,td{text-align:left;vertical-align:top;padding:5px 8px;border-top:1px solid var(--border);overflow-wrap:anywhere}
th{font-weight:600;color:var(--muted);background:var(--surface-2)}
td:first-child{padding-left:calc(8px + var(--depth,0) * 1.2em);white-space:nowrap}
td p{margin:0}
.req{font-size:12px;color:var(--req)}
.where,.rules{font-size:12px;color:var(--muted)}
.answers{margin:0;display:grid;grid-template-columns:max-content 1fr;gap:4px 12px}
.answers dt{font-weight:600}
.answers dd{margin:0}
@media (min-width:1000px){
.layout{display:grid;grid-template-columns:220px minmax(0,1fr);gap:24px}
nav{position:sticky;top:0;align-self:start;max-height:100vh;overflow:auto;padding:12px 0}
nav ul{display:block;margin:0}
nav li{margin:2px 0}
nav a{border:0;background:none;padding:2px 4px}
}
@media (max-width:640px){
table,tbody,tr,td{display:block}
thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
tr{border-top:1px solid var(--border);padding:6px 0}
td{border:0;padding:1px 0}
td:first-child{padding-left:calc(var(--depth,0) * 1em);white-space:normal}
}
@media print{nav{display:none}.layout{display:block}}
`;
