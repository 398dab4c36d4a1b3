import styles from './common.module.css';

/** A round avatar, or the first character of the name on a tinted disc when there is no picture. */
export function Avatar({ src, name, size = 40 }: { src?: string | null; name: string; size?: number }) {
  if (src) {
    return (
      <img
        className={styles.avatar}
        src={src}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
      />
    );
  }
  const initial = [...(name || '?').trim()][0] ?? '?';
  return (
    <span
      className={`${styles.avatar} ${styles.initial}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
      aria-hidden="true"
    >
      {initial}
    </span>
  );
}
