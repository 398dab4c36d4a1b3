import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mulberry32 } from '../../../lib/random.ts';
import { encodePng } from './png.ts';
import { id3v24, wav } from './tags.ts';

/**
 * The demo library: six short original tunes in two folders, synthesized here (no bundled audio),
 * each a tagged WAV file with an embedded cover, a Chinese `.lrc` sidecar timed to its bars, and a
 * folder cover. Written only when MUSIC_DIR has no audio yet, on a site with the demo content (SEED_DEMO).
 */

const RATE = 16_000;

type Tune = {
  file: string;
  title: string;
  artists: string[];
  bpm: number;
  /** MIDI note of the key's tonic (melody octave). */
  tonic: number;
  minor: boolean;
  /** Chord roots per bar as scale degrees (0-based), cycled. */
  chords: number[];
  seed: number;
  hue: number;
  verse: string[];
  chorus: [string, string];
};

type Folder = { name: string; hue: number; tunes: Tune[] };

export const DEMO_FOLDERS: Folder[] = [
  {
    name: '晨光小调',
    hue: 35,
    tunes: [
      {
        file: '01 清晨的风.wav',
        title: '清晨的风',
        artists: ['阿青'],
        bpm: 100,
        tonic: 72,
        minor: false,
        chords: [0, 4, 5, 3],
        seed: 11,
        hue: 30,
        verse: [
          '推开窗 风从河边来',
          '带着昨夜 没说完的期待',
          '豆浆的热气 爬上了窗台',
          '街角的单车 铃声还在',
          '我把心事 折成一片云彩',
          '让它慢慢 飘向你的窗外',
        ],
        chorus: ['清晨的风 吹过我的发梢', '把所有烦恼 轻轻地带跑'],
      },
      {
        file: '02 纸飞机.wav',
        title: '纸飞机',
        artists: ['阿青', '小满'],
        bpm: 112,
        tonic: 74,
        minor: false,
        chords: [0, 5, 3, 4],
        seed: 23,
        hue: 200,
        verse: [
          '作业本撕下 最后一页',
          '折一架飞机 写上你的名字',
          '从三楼教室 飞过了操场',
          '越过梧桐树 和那面红墙',
          '它会不会 落在你的肩膀',
          '替我说出 那句不敢讲',
        ],
        chorus: ['纸飞机啊 你要飞得更远', '飞过夏天 飞到明天'],
      },
      {
        file: '03 窗台上的猫.wav',
        title: '窗台上的猫',
        artists: ['小满'],
        bpm: 104,
        tonic: 77,
        minor: false,
        chords: [0, 3, 4, 0],
        seed: 37,
        hue: 95,
        verse: [
          '午后的阳光 晒得暖洋洋',
          '窗台上的猫 伸了个懒腰',
          '它看着麻雀 在电线上吵闹',
          '尾巴一摇 假装什么都不知道',
          '我泡一壶茶 翻开旧书一角',
          '时间在这里 走得刚刚好',
        ],
        chorus: ['喵一声 世界都安静了', '慢一点 日子才像日子'],
      },
    ],
  },
  {
    name: '夜色低吟',
    hue: 250,
    tunes: [
      {
        file: '01 月光慢行.wav',
        title: '月光慢行',
        artists: ['林夕雨'],
        bpm: 88,
        tonic: 69,
        minor: true,
        chords: [0, 5, 2, 6],
        seed: 41,
        hue: 230,
        verse: [
          '路灯一盏一盏 亮了起来',
          '影子被拉长 又被剪短',
          '晚风里有 桂花的味道',
          '我数着台阶 慢慢地走',
          '城市睡了 只剩月亮醒着',
          '陪我走完 这一段路',
        ],
        chorus: ['月光慢行 照着回家的路', '不用着急 有人在等你'],
      },
      {
        file: '02 星河入梦.wav',
        title: '星河入梦',
        artists: ['林夕雨'],
        bpm: 84,
        tonic: 64,
        minor: true,
        chords: [0, 3, 6, 4],
        seed: 53,
        hue: 275,
        verse: [
          '闭上眼睛 听见星星在唱',
          '银河像一条 发光的河流',
          '我划着小船 穿过云的港口',
          '一颗流星 落进我的口袋',
          '许个愿吧 不要告诉别人',
          '醒来的时候 它会实现',
        ],
        chorus: ['星河入梦 梦里没有尽头', '你在那边 轻轻挥手'],
      },
      {
        file: '03 晚安小镇.wav',
        title: '晚安小镇',
        artists: [],
        bpm: 92,
        tonic: 67,
        minor: false,
        chords: [0, 3, 0, 4],
        seed: 67,
        hue: 320,
        verse: [
          '面包店的灯 最后一个熄灭',
          '邮筒里躺着 明天的信',
          '钟楼敲了 十一下',
          '小狗趴在 门口打盹',
          '风铃轻轻 摇了两声',
          '整条街 都在说晚安',
        ],
        chorus: ['晚安小镇 晚安每一扇窗', '明天见 在晨光里'],
      },
    ],
  },
];

const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];

const SINE = new Float32Array(4096).map((_, i) => Math.sin((i / 4096) * Math.PI * 2));
const hz = (midi: number) => 440 * 2 ** ((midi - 69) / 12);

/** Adds one note (a soft two-partial tone with attack and exponential decay) into the buffer. */
function addNote(
  buf: Float32Array,
  start: number,
  seconds: number,
  midi: number,
  gain: number,
  bright = 0.3,
) {
  const from = Math.floor(start * RATE);
  const len = Math.min(Math.floor(seconds * RATE), buf.length - from);
  const step = (hz(midi) / RATE) * 4096;
  const attack = Math.floor(0.012 * RATE);
  const release = Math.floor(0.05 * RATE);
  // The decay is applied as a per-sample factor: Math.exp per sample made generation twice as slow.
  const decay = Math.exp(-2.2 / RATE / Math.max(0.25, seconds));
  let level = 1;
  let phase = 0;
  for (let i = 0; i < len; i++) {
    const env = Math.min(1, i / attack) * level * Math.min(1, (len - i) / release);
    level *= decay;
    const p = phase & 4095;
    const s = SINE[p] + bright * SINE[(phase * 2) & 4095];
    buf[from + i] += s * env * gain;
    phase += step;
  }
}

type Rendered = { samples: Int16Array; barSeconds: number; bars: number };

/** Bars: 2 intro, 6 verse, 2 chorus, the chorus again, 1 outro. */
export function renderTune(t: Tune): Rendered {
  const scale = t.minor ? MINOR : MAJOR;
  const note = (degree: number, octave = 0) => {
    const d = ((degree % 7) + 7) % 7;
    return t.tonic + scale[d] + 12 * (octave + Math.floor(degree / 7));
  };
  const rand = mulberry32(t.seed);
  const beat = 60 / t.bpm;
  const barSeconds = beat * 4;
  const bars = 13;
  const buf = new Float32Array(Math.ceil((bars * barSeconds + 1.5) * RATE));
  const rhythms = [
    [1, 1, 1, 1],
    [1.5, 0.5, 1, 1],
    [0.5, 0.5, 1, 2],
    [1, 1, 2],
    [2, 1, 1],
    [1, 0.5, 0.5, 2],
  ];
  // One melody per section, so the repeated chorus really repeats.
  const phrase = (length: number) => {
    const out: { beat: number; dur: number; degree: number }[][] = [];
    let degree = 2;
    for (let b = 0; b < length; b++) {
      const rhythm = rhythms[Math.floor(rand() * rhythms.length)];
      const notes: { beat: number; dur: number; degree: number }[] = [];
      let at = 0;
      rhythm.forEach((dur, i) => {
        const last = b === length - 1 && i === rhythm.length - 1;
        degree = last
          ? 0
          : Math.max(-2, Math.min(8, degree + [-2, -1, -1, 1, 1, 2, 0][Math.floor(rand() * 7)]));
        notes.push({ beat: at, dur, degree });
        at += dur;
      });
      out.push(notes);
    }
    return out;
  };
  const verse = phrase(6);
  const chorus = phrase(2).map((bar) => bar.map((n) => ({ ...n, degree: n.degree + 2 })));
  const melodyBars = [null, null, ...verse, ...chorus, ...chorus, null];
  for (let bar = 0; bar < bars; bar++) {
    const start = bar * barSeconds;
    const root = t.chords[bar % t.chords.length];
    // Bass on beats 1 and 3, a soft pad of the triad through the bar.
    addNote(buf, start, beat * 2, note(root, -2), 0.22, 0.15);
    addNote(buf, start + beat * 2, beat * 2, note(root, -2), 0.18, 0.15);
    for (const third of [0, 2, 4]) addNote(buf, start, barSeconds, note(root + third, -1), 0.05, 0);
    for (const n of melodyBars[bar] ?? [])
      addNote(buf, start + n.beat * beat, n.dur * beat, note(n.degree), 0.2, 0.35);
  }
  // The last chord rings out.
  addNote(buf, bars * barSeconds, 1.4, note(0, -2), 0.2, 0.15);
  let peak = 0;
  for (const v of buf) peak = Math.max(peak, Math.abs(v));
  const scaleTo = peak ? 0.8 / peak : 0;
  const samples = new Int16Array(buf.length);
  for (let i = 0; i < buf.length; i++) samples[i] = Math.round(buf[i] * scaleTo * 32767);
  return { samples, barSeconds, bars };
}

const stamp = (s: number) => {
  const cs = Math.round(s * 100);
  return `[${String(Math.floor(cs / 6000)).padStart(2, '0')}:${String(Math.floor((cs % 6000) / 100)).padStart(2, '0')}.${String(cs % 100).padStart(2, '0')}]`;
};

/** The LRC text: metadata tags, a credit line, verse lines, and the repeated chorus with two tags per line. */
export function tuneLyrics(t: Tune, album: string, barSeconds: number): string {
  const lines = [
    `[ti:${t.title}]`,
    `[ar:${t.artists.join('/')}]`,
    `[al:${album}]`,
    '[by:小站]',
    `${stamp(0)}作词 : 小站`,
    `${stamp(barSeconds)}${t.title}`,
    ...t.verse.map((line, i) => `${stamp((2 + i) * barSeconds)}${line}`),
    `${stamp(8 * barSeconds)}${stamp(10 * barSeconds)}${t.chorus[0]}`,
    `${stamp(9 * barSeconds)}${stamp(11 * barSeconds)}${t.chorus[1]}`,
    `${stamp(12 * barSeconds)}（完）`,
  ];
  return `${lines.join('\n')}\n`;
}

const hsl = (h: number, s: number, l: number): [number, number, number] => {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
};

/** A 240×240 cover: a diagonal gradient with a record-like disc. */
export function coverPng(hue: number, seed: number): Buffer {
  const size = 240;
  const rand = mulberry32(seed);
  const cx = 80 + rand() * 80;
  const cy = 80 + rand() * 80;
  const a = hsl(hue, 0.55, 0.62);
  const b = hsl((hue + 40) % 360, 0.6, 0.35);
  return encodePng(size, size, (x, y) => {
    const t = (x + y) / (2 * size);
    const d = Math.hypot(x - cx, y - cy);
    if (d < 70 && d > 8) {
      const groove = Math.floor(d / 6) % 2 ? 24 : 34;
      return d < 26 ? hsl((hue + 180) % 360, 0.5, 0.7) : [groove, groove, groove + 6];
    }
    return [
      Math.round(a[0] * (1 - t) + b[0] * t),
      Math.round(a[1] * (1 - t) + b[1] * t),
      Math.round(a[2] * (1 - t) + b[2] * t),
    ];
  });
}

const AUDIO = /\.(mp3|flac|ogg|oga|opus|m4a|mp4|aac|wav)$/i;

/** True when the folder (recursively) holds no audio file the scanner would list. */
export function hasNoAudio(dir: string): boolean {
  try {
    const entries = readdirSync(dir, { recursive: true, encoding: 'utf8' });
    // Hidden folders (the demo's half-written .demo-tmp among them) are not part of the library.
    return !entries.some((e) => AUDIO.test(e) && !e.split(path.sep).some((part) => part.startsWith('.')));
  } catch {
    return true;
  }
}

/** Half-written demo folders of a process stopped an hour or more ago. */
function dropStaleStaging(dir: string): void {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith('.demo-tmp'));
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    try {
      if (Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { recursive: true, force: true });
    } catch {
      /* gone meanwhile */
    }
  }
}

/**
 * Writes the demo library into `dir`; returns the number of songs written. Everything is written to
 * a hidden folder of this process first and moved in at the end, so a stop half-way leaves no half
 * library, and processes that start at once on one MUSIC_DIR (a cluster's shared volume) each move
 * in whole folders: a folder another one moved in first is kept (the songs are the same).
 */
export function writeDemoLibrary(dir: string): number {
  dropStaleStaging(dir);
  const staging = path.join(dir, `.demo-tmp-${process.pid}-${randomBytes(4).toString('hex')}`);
  let count = 0;
  for (const folder of DEMO_FOLDERS) {
    const target = path.join(staging, folder.name);
    mkdirSync(target, { recursive: true });
    writeFileSync(path.join(target, 'cover.png'), coverPng(folder.hue, folder.hue));
    folder.tunes.forEach((t, i) => {
      const { samples, barSeconds } = renderTune(t);
      const lrc = tuneLyrics(t, folder.name, barSeconds);
      const tag = id3v24({
        title: t.title,
        artists: t.artists,
        album: folder.name,
        track: i + 1,
        lyrics: lrc,
        cover: { mime: 'image/png', data: coverPng(t.hue, t.seed) },
      });
      writeFileSync(path.join(target, t.file), wav(samples, RATE, tag));
      writeFileSync(path.join(target, t.file.replace(/\.wav$/, '.lrc')), lrc);
      count++;
    });
  }
  for (const folder of DEMO_FOLDERS) {
    try {
      renameSync(path.join(staging, folder.name), path.join(dir, folder.name));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw err;
    }
  }
  rmSync(staging, { recursive: true, force: true });
  return count;
}
