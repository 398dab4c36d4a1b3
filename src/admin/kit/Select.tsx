import { Check, ChevronDown } from 'lucide-react';
import { Select as Radix } from 'radix-ui';
import { useId } from 'react';
import styles from './kit.module.css';

type Option<V extends string> = { value: V; label: string };

type Props<V extends string> = {
  label: string;
  value: V;
  options: readonly Option<V>[];
  onChange: (value: V) => void;
  /** A filter above a list names itself (aria-label); a form field shows its label. */
  inline?: boolean;
  disabled?: boolean;
};

/** The console's select (radix Select): a filter of a list's toolbar, or a labelled form field. */
export function Select<V extends string>({ label, value, options, onChange, inline, disabled }: Props<V>) {
  const id = useId();
  const control = (
    <Radix.Root value={value} onValueChange={(v) => onChange(v as V)} disabled={disabled}>
      <Radix.Trigger id={id} className={styles.select} aria-label={inline ? label : undefined}>
        <Radix.Value />
        <Radix.Icon>
          <ChevronDown size={16} aria-hidden />
        </Radix.Icon>
      </Radix.Trigger>
      <Radix.Portal>
        {/* popper: the list opens under the trigger, not over it (radix's default centres the choice). */}
        <Radix.Content className={styles.selectContent} position="popper" sideOffset={4}>
          <Radix.Viewport>
            {options.map((o) => (
              <Radix.Item key={o.value} value={o.value} className={styles.selectItem}>
                <Radix.ItemText>{o.label}</Radix.ItemText>
                <Radix.ItemIndicator className={styles.selectCheck}>
                  <Check size={14} aria-hidden />
                </Radix.ItemIndicator>
              </Radix.Item>
            ))}
          </Radix.Viewport>
        </Radix.Content>
      </Radix.Portal>
    </Radix.Root>
  );
  if (inline) return control;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {control}
    </div>
  );
}
