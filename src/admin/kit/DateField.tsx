import { CalendarDays } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isDay } from '../../lib/contract/fields.ts';
import styles from './filters.module.css';

type Props = {
  label: string;
  /** `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
};

/**
 * A day, always written `YYYY-MM-DD` (a native date input writes it the browser's way, 2026/11/28 in a
 * Chinese browser): typed, or picked from the browser's own calendar behind the button. A half-typed day
 * is kept in the box and reaches the list only once whole (or emptied).
 */
export function DateField({ label, value, onChange, min, max }: Props) {
  const [text, setText] = useState(value);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value), [value]);
  const type = (next: string) => {
    setText(next);
    if (next === '' || isDay(next)) onChange(next);
  };
  return (
    <span className={styles.date}>
      <input
        className={styles.dateText}
        aria-label={label}
        placeholder="YYYY-MM-DD"
        inputMode="numeric"
        maxLength={10}
        aria-invalid={text !== '' && !isDay(text) ? true : undefined}
        value={text}
        onChange={(e) => type(e.target.value.trim())}
      />
      <button
        type="button"
        className={styles.dateButton}
        aria-label="打开日历"
        title={`从日历选择${label}`}
        onClick={() => picker.current?.showPicker?.()}
      >
        <CalendarDays size={16} aria-hidden />
      </button>
      <input
        ref={picker}
        type="date"
        className={styles.datePicker}
        tabIndex={-1}
        aria-hidden
        value={isDay(value) ? value : ''}
        min={min}
        max={max}
        onChange={(e) => type(e.target.value)}
      />
    </span>
  );
}
