import { DEMO_FOLDERS, renderTune, coverPng } from '/work/wt-6/src/server/music/local/demo.ts';
let t0 = performance.now();
for (const f of DEMO_FOLDERS) for (const t of f.tunes) renderTune(t);
console.log('render', performance.now() - t0);
t0 = performance.now();
for (let i = 0; i < 8; i++) coverPng(i * 40, i);
console.log('covers', performance.now() - t0);
