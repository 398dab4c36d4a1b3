import { useId } from 'react';
import styles from './kit.module.css';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The broken rule's Chinese message, shown under the input. */
  error?: string;
  hint?: string;
  multiline?: boolean;
  placeholder?: string;
};

/** One labelled input of a console form, with its hint and its rule message inline. */
export function TextField({ label, value, onChange, onBlur, error, hint, multiline, placeholder }: Props) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    placeholder,
    onBlur,
    'aria-invalid': Boolean(error),
    'aria-describedby': described,
    className: `${styles.input} ${error ? styles.invalid : ''}`,
  };
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={4} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
