import { XMLParser } from 'fast-xml-parser';

/** Reading a WordPress export (WXR) file: its XML, its values, where each element is, its times. */

export type Node = Record<string, unknown>;

const ARRAYS = new Set([
  'rss.channel.item',
  'rss.channel.wp:category',
  'rss.channel.wp:tag',
  'rss.channel.wp:author',
]);
const ITEM_ARRAYS = new Set(['category', 'wp:comment', 'wp:postmeta']);

export const wxrParser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  isArray: (name, jpath) => ARRAYS.has(String(jpath)) || ITEM_ARRAYS.has(name),
});

export const text = (v: unknown): string => {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object') return text((v as Node)['#text']);
  return String(v).trim();
};
export const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);

/** The offsets of every `<tag>` / `<tag …>` in the file. */
export function positions(xml: string, tag: string): number[] {
  const found: number[] = [];
  const re = new RegExp(`<${tag}[\\s>]`, 'g');
  for (let m = re.exec(xml); m; m = re.exec(xml)) found.push(m.index);
  return found;
}

/** A WordPress time (GMT first, else the site's local time, taken as China time) as ISO, or undefined. */
export function wpTime(gmt: string, local: string): string | undefined {
  for (const [value, zone] of [
    [gmt, 'Z'],
    [local, '+08:00'],
  ]) {
    if (!value || value.startsWith('0000')) continue;
    const t = Date.parse(`${value.replace(' ', 'T')}${zone}`);
    if (!Number.isNaN(t)) return new Date(t).toISOString();
  }
  return undefined;
}
