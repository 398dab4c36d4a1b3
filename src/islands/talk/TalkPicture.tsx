import { type PictureFacts, pictureOf } from '../../lib/picture.ts';

/**
 * A talk's picture (docs/architecture.md#image-variants): with the facts the page looked up, its AVIF
 * and WebP variants by the grid's `sizes`, its width, height and placeholder; else the original.
 */
export function TalkPicture({ url, facts }: { url: string; facts?: PictureFacts }) {
  const p = pictureOf(url, facts);
  // A grid cell: a third to a half of the card on a phone, at most about 300 px beside.
  const sizes = '(max-width: 640px) 50vw, 300px';
  const style = p.style ? { background: p.style.slice('background:'.length) } : undefined;
  return (
    <picture style={{ display: 'contents' }}>
      {p.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      <img
        src={p.src}
        alt=""
        width={p.width}
        height={p.height}
        loading="lazy"
        decoding="async"
        style={style}
      />
    </picture>
  );
}
