import { Images, ImageUp } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT } from '../../lib/upload.ts';
import { FieldNotes } from './Field.tsx';
import styles from './kit.module.css';
import { uploadWithProgress } from './upload.ts';

type Props = {
  label: string;
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  /**
   * A dialog to choose an image already uploaded (the media library's picker, features/media): given
   * how to set the field and how to close, it is shown while the 从媒体库选择 button's choice is open.
   */
  chooser?: (choose: (url: string) => void, close: () => void) => ReactNode;
  /** A wide preview (a page banner's shape) instead of the square one; the controls go under it when narrow. */
  wide?: boolean;
};

/**
 * An image of a console form: its preview, its address (typed or pasted), and an upload through the
 * site's rules (src/lib/upload.ts, POST /api/upload/img) with the transfer's progress.
 */
export function ImageField({ label, value, onChange, onBlur, error, hint, chooser, wide }: Props) {
  const id = useId();
  const [choosing, setChoosing] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    // Cleared at once so that choosing the same file again (after a failed upload) fires change again.
    e.target.value = '';
    if (!chosen) return;
    setProgress(0);
    try {
      // The uploaded file's address replaces whatever was typed: the field holds one image.
      onChange(await uploadWithProgress(chosen, setProgress));
    } catch {
      /* the upload has said why in a toast */
    } finally {
      setProgress(null);
    }
  };
  // The input names its hint and its error for screen readers, whichever of them is shown.
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={wide ? `${styles.image} ${styles.imageWide}` : styles.image}>
        <div className={styles.thumb}>
          {value ? <img src={value} alt={`${label}预览`} /> : <span>无</span>}
        </div>
        <div className={styles.imageControls}>
          <input
            id={id}
            type="text"
            value={value}
            placeholder="图片地址，或上传一张"
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            aria-invalid={Boolean(error)}
            aria-describedby={described}
            className={`${styles.input} ${error ? styles.invalid : ''}`}
          />
          <div className={styles.row}>
            <button
              type="button"
              className={styles.button}
              disabled={progress !== null}
              onClick={() => file.current?.click()}
            >
              <ImageUp size={16} aria-hidden />
              {progress === null ? '上传图片' : '上传中…'}
            </button>
            {chooser && (
              <button type="button" className={styles.button} onClick={() => setChoosing(true)}>
                <Images size={16} aria-hidden />
                从媒体库选择
              </button>
            )}
            {progress !== null && (
              <progress
                className={styles.progress}
                value={progress}
                max={1}
                aria-label={`${label}上传进度`}
              />
            )}
          </div>
          <input
            ref={file}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            onChange={pick}
            data-upload={label}
            aria-label={`选择${label}图片`}
          />
        </div>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
      {chooser && choosing && chooser(onChange, () => setChoosing(false))}
    </div>
  );
}
