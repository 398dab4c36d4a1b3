/**
 * A Chinese font for the browser tests and benchmarks: every reader's phone has one. Without any,
 * Chromium draws each Chinese character from whatever font it finds (or as a box), so line breaks
 * differ from a reader's (tests/e2e/looks.spec.ts measures where article titles wrap) and the
 * benchmarks would measure the font search instead of the site. Debian's `fonts-noto-cjk`,
 * installed with apt when missing and we are root, as Chromium is.
 */
import { spawnSync } from 'node:child_process';
import { aptInstall } from './common.ts';

const hasCjk = () => Boolean(spawnSync('fc-list', [':lang=zh', 'family']).stdout?.toString().trim());

/** True when a Chinese font is installed (installing Debian's when it is missing and we can). */
export function ensureCjkFont(): boolean {
  return hasCjk() || (aptInstall(['fonts-noto-cjk']) && hasCjk());
}
