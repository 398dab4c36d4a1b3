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
  /** `numeric`/`decimal` bring up a number pad on phones (the value stays text, checked by the form). */
  inputMode?: 'numeric' | 'decimal' | 'url';
  /** Offered as the user types (a datalist); any other text may still be typed. */
  suggestions?: readonly string[];
};

/** One labelled input of a console form, with its hint and its rule message inline. */
export function TextField(props: Props) {
  const { label, value, onChange, onBlur, error, hint, multiline, placeholder, inputMode, suggestions } =
    props;
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
        <input
          {...common}
          type="text"
          inputMode={inputMode}
          list={suggestions ? `${id}-list` : undefined}
          autoComplete={suggestions ? 'off' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {suggestions && (
        <datalist id={`${id}-list`}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and its message (the ids its control's aria-describedby names). */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
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
    </>
  );
}

/**
 * A list screen's search box: no visible label (the toolbar has no room), so `label` is its accessible
 * name; `onChange` gets the text. `list` names a datalist of suggestions (the browser's own history of
 * the box would compete with it, so autocomplete is off then).
 */
export function SearchField(props: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  list?: string;
}) {
  const { label, placeholder, value, onChange, className, list } = props;
  return (
    <input
      type="search"
      className={className ? `${styles.input} ${className}` : styles.input}
      placeholder={placeholder}
      aria-label={label}
      list={list}
      autoComplete={list ? 'off' : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
