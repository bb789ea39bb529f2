import { useRef, useSyncExternalStore } from 'react';

type Values = Record<string, unknown>;

/** A form's values by field name, which its fields show and change, and which a page may set. */
export interface FormHandle {
  /** Every value the form holds, those of fields not shown right now included. */
  getFieldsValue(): Values;
  getFieldValue(name: string): unknown;
  setFieldsValue(values: object): void;
  /** Takes `values` as the form's starting values, the first time only (the form's first render). */
  initialize(values: object): void;
  subscribe(listener: () => void): () => void;
}

function createFormHandle(): FormHandle {
  let values: Values = {};
  let initialized = false;
  const listeners = new Set<() => void>();
  return {
    getFieldsValue: () => values,
    getFieldValue: (name) => values[name],
    setFieldsValue(next) {
      values = { ...values, ...next };
      for (const listener of listeners) listener();
    },
    initialize(start) {
      if (initialized) return;
      initialized = true;
      values = { ...start, ...values };
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** A form's handle, the same for the component's life. */
export function useForm(): [FormHandle] {
  const handle = useRef<FormHandle | null>(null);
  handle.current ??= createFormHandle();
  return [handle.current];
}

/** The value of one field, kept current as it changes. */
export function useWatch<T = unknown>(name: string, form: FormHandle): T | undefined {
  return useSyncExternalStore(
    form.subscribe,
    () => form.getFieldValue(name) as T | undefined,
    () => form.getFieldValue(name) as T | undefined,
  );
}
