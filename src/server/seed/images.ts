/**
 * Deterministic SVG pictures for the demo content: covers, avatars, banners, photos, icons and figures.
 * Everything is drawn in code so the demo site never depends on an outside host; the only URL inside a
 * picture is the SVG namespace.
 */

import { hashSeed, mulberry32 } from '../../lib/random.ts';

const NS = 'http://www.w3.org/2000/svg';
const FONT = "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC',sans-serif";

export type Random = {
  next: () => number;
  int: (min: number, max: number) => number;
  pick: <T>(list: readonly T[]) => T;
};

/** The seeded randomness of one picture, from its name. */
export function createRandom(key: string): Random {
  const next = mulberry32(hashSeed(key));
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Gradient palettes: [from, to, accent]. */
const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#667eea', '#764ba2', '#f6d365'],
  ['#43cea2', '#185a9d', '#ffffff'],
  ['#ff9a9e', '#fad0c4', '#ffffff'],
  ['#f093fb', '#f5576c', '#ffe29f'],
  ['#4facfe', '#00f2fe', '#ffffff'],
  ['#43e97b', '#38f9d7', '#0b486b'],
  ['#fa709a', '#fee140', '#ffffff'],
  ['#30cfd0', '#330867', '#fddb92'],
  ['#a18cd1', '#fbc2eb', '#ffffff'],
  ['#ff7e5f', '#feb47b', '#2c3e50'],
  ['#0f2027', '#2c5364', '#00d2ff'],
  ['#11998e', '#38ef7d', '#ffffff'],
  ['#fc466b', '#3f5efb', '#ffffff'],
  ['#f7971e', '#ffd200', '#5b247a'],
  ['#1d2b64', '#f8cdda', '#ffffff'],
  ['#5f2c82', '#49a09d', '#f9d423'],
];

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A self-closing element: `el('circle', { cx: 1, r: 2 })` → `<circle cx="1" r="2"/>`. */
function el(tag: string, attrs: Record<string, string | number>): string {
  const list = Object.entries(attrs).map(([k, v]) => `${k}="${typeof v === 'string' ? esc(v) : v}"`);
  return `<${tag} ${list.join(' ')}/>`;
}

function svg(width: number, height: number, body: string): string {
  return (
    `<svg xmlns="${NS}" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `${body}</svg>\n`
  );
}

function linear(id: string, from: string, to: string, angle: 'h' | 'v' | 'd' = 'd'): string {
  const end = angle === 'h' ? 'x2="1" y2="0"' : angle === 'v' ? 'x2="0" y2="1"' : 'x2="1" y2="1"';
  return (
    `<linearGradient id="${id}" x1="0" y1="0" ${end}>` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
  );
}

function text(x: number, y: number, size: number, content: string, fill = '#fff', weight = 700): string {
  return (
    `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" font-weight="${weight}" ` +
    `fill="${fill}" text-anchor="middle" dominant-baseline="central">${esc(content)}</text>`
  );
}

/** Scattered translucent circles, rounded squares and rings. */
function shapes(rnd: Random, width: number, height: number, count: number, color: string): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    const x = r1(rnd.next() * width);
    const y = r1(rnd.next() * height);
    const size = r1((0.04 + rnd.next() * 0.22) * Math.min(width, height));
    const opacity = r1(0.08 + rnd.next() * 0.2);
    const kind = rnd.int(0, 2);
    if (kind === 0) {
      out += `<circle cx="${x}" cy="${y}" r="${size}" fill="${color}" opacity="${opacity}"/>`;
    } else if (kind === 1) {
      const angle = rnd.int(0, 90);
      out +=
        `<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="${r1(size / 5)}" fill="${color}" ` +
        `opacity="${opacity}" transform="rotate(${angle} ${x} ${y})"/>`;
    } else {
      out +=
        `<circle cx="${x}" cy="${y}" r="${size}" fill="none" stroke="${color}" ` +
        `stroke-width="${r1(2 + rnd.next() * 6)}" opacity="${opacity}"/>`;
    }
  }
  return out;
}

/** A smooth wave across the picture, filled to the bottom edge. */
function wave(rnd: Random, width: number, height: number, baseY: number, amp: number): string {
  const steps = 4;
  const dx = width / steps;
  let d = `M0 ${r1(baseY)}`;
  for (let i = 0; i < steps; i++) {
    const x1 = r1(dx * i + dx / 2);
    const y1 = r1(baseY + (rnd.next() * 2 - 1) * amp);
    d += ` Q${x1} ${y1} ${r1(dx * (i + 1))} ${r1(baseY + (rnd.next() * 2 - 1) * amp * 0.4)}`;
  }
  return `${d} L${width} ${height} L0 ${height} Z`;
}

/** A gradient card with shapes and a centred label, the common shape of covers and posters. */
function labelled(key: string, label: string, w: number, h: number): string {
  const rnd = createRandom(`cover:${key}`);
  const [from, to, accent] = rnd.pick(PALETTES);
  const maxSize = Math.min(68, Math.floor((w - 160) / Math.max(label.length, 1)));
  const labelSize = Math.max(28, label.length > 10 ? Math.min(56, maxSize) : maxSize);
  const boxW = Math.min(w - 80, label.length * labelSize * 1.05 + 100);
  return svg(
    w,
    h,
    `<defs>${linear('g', from, to)}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      shapes(rnd, w, h, 14, '#ffffff') +
      `<path d="${wave(rnd, w, h, h * 0.78, 50)}" fill="${accent}" opacity="0.18"/>` +
      `<rect x="${r1((w - boxW) / 2)}" y="${r1(h / 2 - labelSize)}" width="${r1(boxW)}" ` +
      `height="${labelSize * 2}" rx="24" fill="#000" opacity="0.18"/>` +
      text(w / 2, h / 2, labelSize, label),
  );
}

/** An article cover, 1200x675: gradient, shapes and a short label. */
export function coverSvg(key: string, label: string): string {
  return labelled(key, label, 1200, 675);
}

/** A portrait 480x640 poster, for bangumi covers. */
export function posterSvg(key: string, label: string): string {
  return labelled(`poster:${key}`, label, 480, 640);
}

/** A square avatar with an initial (one or two characters). */
export function avatarSvg(key: string, initial: string): string {
  const rnd = createRandom(`avatar:${key}`);
  const [from, to] = rnd.pick(PALETTES);
  const s = 240;
  return svg(
    s,
    s,
    `<defs>${linear('g', from, to)}</defs>` +
      `<rect width="${s}" height="${s}" fill="url(#g)"/>` +
      shapes(rnd, s, s, 4, '#ffffff') +
      text(s / 2, s / 2 + 4, initial.length > 1 ? 84 : 120, initial),
  );
}

/** A 1920x600 page banner: layered waves over a gradient sky with a few stars. */
export function bannerSvg(key: string): string {
  const rnd = createRandom(`banner:${key}`);
  const [from, to, accent] = rnd.pick(PALETTES);
  const w = 1920;
  const h = 600;
  let stars = '';
  for (let i = 0; i < 40; i++) {
    const r = r1(1 + rnd.next() * 2.5);
    stars +=
      `<circle cx="${r1(rnd.next() * w)}" cy="${r1(rnd.next() * h * 0.6)}" r="${r}" fill="#fff" ` +
      `opacity="${r1(0.3 + rnd.next() * 0.6)}"/>`;
  }
  let waves = '';
  for (let i = 0; i < 3; i++) {
    waves += el('path', {
      d: wave(rnd, w, h, h * (0.55 + i * 0.14), 70 - i * 15),
      fill: i === 2 ? to : accent,
      opacity: r1(0.16 + i * 0.12),
    });
  }
  return svg(
    w,
    h,
    `<defs>${linear('g', from, to, 'h')}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      shapes(rnd, w, h, 10, '#ffffff') +
      stars +
      waves,
  );
}

export type Scene = 'mountain' | 'sea' | 'city' | 'forest';

const SKIES: ReadonlyArray<readonly [string, string, string]> = [
  ['#ff9966', '#ff5e62', '#3a1c71'],
  ['#89f7fe', '#66a6ff', '#1e3c72'],
  ['#fbd786', '#f7797d', '#6a3093'],
  ['#a1c4fd', '#c2e9fb', '#2b5876'],
  ['#0f2027', '#203a43', '#2c5364'],
  ['#ffecd2', '#fcb69f', '#4e4376'],
  ['#d4fc79', '#96e6a1', '#134e5e'],
  ['#f6d365', '#fda085', '#5d4157'],
];

/** A 1200x800 "photo": a simple landscape drawn from one of a few scenes with a varied palette. */
export function photoSvg(key: string, scene: Scene): string {
  const rnd = createRandom(`photo:${key}`);
  const [top, bottom, ground] = rnd.pick(SKIES);
  const w = 1200;
  const h = 800;
  let body = `<defs>${linear('sky', top, bottom, 'v')}${linear('land', ground, '#111827', 'v')}</defs>`;
  body += `<rect width="${w}" height="${h}" fill="url(#sky)"/>`;
  const sunX = r1(150 + rnd.next() * 900);
  const sunY = r1(120 + rnd.next() * 200);
  const night = scene === 'city';
  body += el('circle', {
    cx: sunX,
    cy: sunY,
    r: rnd.int(50, 90),
    fill: night ? '#fdf6d8' : '#fff7c2',
    opacity: 0.9,
  });
  if (night) {
    for (let i = 0; i < 60; i++) {
      body += el('circle', {
        cx: r1(rnd.next() * w),
        cy: r1(rnd.next() * h * 0.5),
        r: r1(0.8 + rnd.next() * 1.8),
        fill: '#fff',
        opacity: r1(0.4 + rnd.next() * 0.6),
      });
    }
  } else {
    for (let i = 0; i < 3; i++) {
      const cx = r1(rnd.next() * w);
      const cy = r1(80 + rnd.next() * 220);
      body += el('ellipse', {
        cx,
        cy,
        rx: rnd.int(80, 160),
        ry: rnd.int(20, 36),
        fill: '#fff',
        opacity: 0.55,
      });
    }
  }
  if (scene === 'mountain') {
    for (let layer = 0; layer < 3; layer++) {
      const base = h * (0.62 + layer * 0.12);
      let d = `M0 ${h} L0 ${r1(base)}`;
      let x = 0;
      while (x < w) {
        x += rnd.int(120, 260);
        const peak = r1(base - rnd.int(60, 240) / (layer + 1));
        d += ` L${r1(x - rnd.int(40, 90))} ${peak} L${Math.min(x, w)} ${r1(base + rnd.int(-20, 20))}`;
      }
      body += `<path d="${d} L${w} ${h} Z" fill="url(#land)" opacity="${r1(0.45 + layer * 0.25)}"/>`;
    }
  } else if (scene === 'sea') {
    body += `<rect y="${h * 0.6}" width="${w}" height="${h * 0.4}" fill="${ground}" opacity="0.85"/>`;
    for (let i = 0; i < 14; i++) {
      const y = r1(h * 0.62 + rnd.next() * h * 0.36);
      const x = r1(rnd.next() * w);
      body += el('rect', {
        x,
        y,
        width: rnd.int(60, 220),
        height: 3,
        rx: 1.5,
        fill: '#fff',
        opacity: r1(0.2 + rnd.next() * 0.4),
      });
    }
    body += `<path d="${wave(rnd, w, h, h * 0.9, 30)}" fill="#f5deb3" opacity="0.9"/>`;
  } else if (scene === 'city') {
    let x = 0;
    while (x < w) {
      const bw = rnd.int(60, 140);
      const bh = rnd.int(160, 460);
      body += `<rect x="${x}" y="${h - bh}" width="${bw}" height="${bh}" fill="#111827" opacity="0.92"/>`;
      for (let wy = h - bh + 20; wy < h - 20; wy += 34) {
        for (let wx = x + 12; wx < x + bw - 16; wx += 26) {
          if (rnd.next() < 0.45) {
            const opacity = r1(0.5 + rnd.next() * 0.5);
            body += el('rect', { x: wx, y: wy, width: 12, height: 16, fill: '#fcd34d', opacity });
          }
        }
      }
      x += bw + rnd.int(4, 18);
    }
  } else {
    const meadow = rnd.pick(['#65a30d', '#4d7c0f', '#3f6212', '#a3b18a', '#588157']);
    body += `<path d="${wave(rnd, w, h, h * 0.7, 40)}" fill="${meadow}" opacity="0.9"/>`;
    for (let i = 0; i < 22; i++) {
      const tx = r1(rnd.next() * w);
      const th = rnd.int(120, 300);
      const ty = r1(h * 0.68 + rnd.next() * h * 0.3);
      const tw = r1(th * 0.35);
      const green = rnd.pick(['#14532d', '#166534', '#15803d', '#064e3b', '#3f6212']);
      body += el('path', {
        d: `M${tx} ${r1(ty - th)} L${r1(tx + tw)} ${ty} L${r1(tx - tw)} ${ty} Z`,
        fill: green,
      });
    }
  }
  return svg(w, h, body);
}

/** A 128x128 rounded icon with one or two characters, for resources, sites and friend links. */
export function iconSvg(key: string, label: string): string {
  const rnd = createRandom(`icon:${key}`);
  const [from, to] = rnd.pick(PALETTES);
  const s = 128;
  const clip = `<clipPath id="c"><rect width="${s}" height="${s}" rx="28"/></clipPath>`;
  return svg(
    s,
    s,
    `<defs>${linear('g', from, to)}${clip}</defs>` +
      `<rect width="${s}" height="${s}" rx="28" fill="url(#g)"/>` +
      `<g clip-path="url(#c)">` +
      el('circle', {
        cx: rnd.int(90, 120),
        cy: rnd.int(8, 40),
        r: rnd.int(20, 36),
        fill: '#fff',
        opacity: 0.16,
      }) +
      '</g>' +
      text(s / 2, s / 2 + 2, label.length > 1 ? 48 : 64, label),
  );
}

/** A 960x480 figure for an article: boxes joined by arrows, with a caption. */
export function figureSvg(key: string, caption: string, steps: readonly string[]): string {
  const rnd = createRandom(`figure:${key}`);
  const [from, to] = rnd.pick(PALETTES);
  const w = 960;
  const h = 480;
  const n = steps.length;
  const boxW = Math.min(200, (w - 80 - (n - 1) * 50) / n);
  const gap = n > 1 ? (w - 80 - boxW * n) / (n - 1) : 0;
  let body =
    `<defs>${linear('g', from, to, 'h')}<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" ` +
    'markerWidth="8" markerHeight="8" orient="auto">' +
    `${el('path', { d: 'M0 0 L10 5 L0 10 Z', fill: '#475569' })}</marker></defs>` +
    `<rect width="${w}" height="${h}" fill="#f8fafc"/>` +
    `<rect x="0" y="0" width="${w}" height="10" fill="url(#g)"/>`;
  steps.forEach((step, i) => {
    const x = r1(40 + i * (boxW + gap));
    const y = i % 2 === 0 ? 150 : 190;
    body +=
      `<rect x="${x}" y="${y}" width="${r1(boxW)}" height="110" rx="16" fill="url(#g)" opacity="0.9"/>` +
      text(r1(x + boxW / 2), y + 55, step.length > 6 ? 20 : 24, step);
    if (i < n - 1) {
      const nextY = (i + 1) % 2 === 0 ? 150 : 190;
      body +=
        `<line x1="${r1(x + boxW + 6)}" y1="${y + 55}" x2="${r1(x + boxW + gap - 8)}" y2="${nextY + 55}" ` +
        `stroke="#475569" stroke-width="3" marker-end="url(#arrow)"/>`;
    }
  });
  body += text(w / 2, 400, 26, caption, '#334155', 500);
  return svg(w, h, body);
}

/** A soft 600x400 background for a guestbook card. */
export function paperSvg(key: string): string {
  const rnd = createRandom(`paper:${key}`);
  const [from, to] = rnd.pick(PALETTES);
  const w = 600;
  const h = 400;
  return svg(
    w,
    h,
    `<defs>${linear('g', from, to)}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)" opacity="0.55"/>` +
      `<rect width="${w}" height="${h}" fill="#ffffff" opacity="0.35"/>` +
      shapes(rnd, w, h, 12, '#ffffff'),
  );
}
