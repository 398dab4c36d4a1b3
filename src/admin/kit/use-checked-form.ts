import { useState } from 'react';

type Errors<F> = Partial<Record<keyof F, string>>;

/**
 * A form of text fields checked by the server's rules before the call: `set(key)` changes a field and
 * clears its message; `validate()` shows every message and says whether the form may be sent.
 */
export function useCheckedForm<F extends Record<string, string>>(
  initial: () => F,
  check: (form: F) => Errors<F>,
) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const set = (key: keyof F) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const validate = () => {
    const found = check(form);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { form, errors, set, validate };
}
