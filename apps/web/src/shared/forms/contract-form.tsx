import {
  type ChangeEvent,
  cloneElement,
  createContext,
  type FormEvent,
  type ReactElement,
  type ReactNode,
  useContext,
} from 'react';
import { toast } from '@/shared/ui/feedback';
import { type FormHandle, useForm, useWatch } from './form-store';

export type { FormHandle };

/** A form's handle (`Form.useForm()`) and the value of one of its fields (`Form.useWatch(name, form)`). */
export const Form = { useForm, useWatch };

const FormContext = createContext<FormHandle | null>(null);

/** The values of a form, as the contract's check reads them. */
type Values = object;

interface ContractFormProps<V extends Values> {
  form: FormHandle;
  initialValues: V;
  /**
   * The contract's rules for these values (auth-rules, wallet-rules, account-rules, payment-rules: the
   * same the server runs), in the spec's order: the first broken rule's exact message, or null.
   */
  check: (values: V) => string | null;
  /** Called with the values once no rule is broken. */
  onValid: (values: V) => void;
  /** While a submit is on its way, another does nothing. */
  busy?: boolean;
  /** The form's accessible name. */
  label?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The player app's one form approach: the form's handle holds every field's value (each field a
 * `FormValue`); on submit the contract's rules run on the values, the first broken one is toasted with
 * its exact message and nothing is sent; otherwise `onValid` gets the values.
 */
export function ContractForm<V extends Values>({
  form,
  initialValues,
  check,
  onValid,
  busy = false,
  label,
  className,
  children,
}: ContractFormProps<V>) {
  form.initialize(initialValues);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // All values, those of fields not shown right now (a code not yet asked for) included.
    const values = { ...initialValues, ...(form.getFieldsValue() as Partial<V>) };
    const problem = check(values);
    if (problem) {
      toast.info(problem);
      return;
    }
    onValid(values);
  };
  return (
    // The browser's own checks (an email field's format) stay off: the contract's rules answer.
    <form onSubmit={onSubmit} className={className} aria-label={label} noValidate>
      <FormContext.Provider value={form}>{children}</FormContext.Provider>
    </form>
  );
}

interface FormValueProps {
  name: string;
  /** Rewrites what the player typed before the form keeps it (digits only, an amount's format). */
  normalize?: (value: string) => string;
  /** The prop the control takes its value by (`checked` for a checkbox). */
  valuePropName?: string;
  /** A control taking `value` and `onChange`, which the form gives it. */
  children: ReactElement<{ onChange?: (...args: unknown[]) => void }>;
}

const isChangeEvent = (value: unknown): value is ChangeEvent<HTMLInputElement> =>
  typeof value === 'object' && value !== null && 'target' in value;

/** One field of a ContractForm: the control, whose value the form holds (no layout of its own). */
export function FormValue({ name, normalize, valuePropName = 'value', children }: FormValueProps) {
  const form = useContext(FormContext);
  if (!form) throw new Error('A FormValue belongs in a ContractForm.');
  const value = useWatch(name, form);
  const onChange = (...args: unknown[]) => {
    const given = args[0];
    const next = isChangeEvent(given)
      ? valuePropName === 'checked'
        ? given.target.checked
        : given.target.value
      : given;
    form.setFieldsValue({ [name]: normalize && typeof next === 'string' ? normalize(next) : next });
    children.props.onChange?.(...args);
  };
  return cloneElement(children, { [valuePropName]: value, onChange });
}
