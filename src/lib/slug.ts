import { pinyin } from 'pinyin-pro';

/**
 * A URL slug from a title or a file name (docs/owner-guide.md#导入与导出): lowercase ASCII words joined by
 * `-`, Chinese characters spelled in pinyin without tones, one syllable a word (`HTML视频播放` →
 * `html-shi-pin-bo-fang`, `长大` → `zhang-da`: pinyin-pro reads a word's characters together, so a
 * character with several readings gets the word's). Articles are addressed by id (`/article?id=`); the
 * slug names an article in an export (`<slug>.md`) and is what a Markdown import knows it by, so it
 * stays within SLUG_PATTERN and is never the reason a post is refused. '' when nothing of the text can
 * be spelled in ASCII (a title in kana alone): the caller makes one.
 *
 * Server side only (pinyin-pro carries its dictionary): the pages never import it.
 */
export function slugify(title: string): string {
  const words = /[\u3400-\u9fff\uf900-\ufaff]/.test(title)
    ? pinyin(title, { toneType: 'none', type: 'array', nonZh: 'consecutive', v: true }).join('-')
    : title;
  const slug = words
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 60) return slug;
  // Cut between words where one ends late enough, else at 60.
  const cut = slug.slice(0, 61);
  const end = cut.lastIndexOf('-');
  return (end >= 30 ? cut.slice(0, end) : cut.slice(0, 60)).replace(/-+$/, '');
}
