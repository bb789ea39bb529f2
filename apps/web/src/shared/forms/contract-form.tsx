import Form from 'antd-mobile/es/components/form';
import type { ReactNode } from 'react';
import { toast } from '@/shared/ui/feedback';
import styles from './contract-form.module.css';

export { Form };

/** The handle of a form (`Form.useForm()`), to set values after an answer. */
export type FormHandle = ReturnType<typeof Form.useForm>[0];

/**
 * The browser's own checks (an email field's format) stay off: the contract's rules answer, with the
 * spec's messages. antd-mobile's Form hands this to its <form> without declaring it.
 */
const BROWSER_CHECKS_OFF = { noValidate: true };

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
 * The player app's one form approach: antd-mobile's Form holds every field's value (each field a
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
  const onFinish = () => {
    if (busy) return;
    // All values, those of fields not shown right now (a code not yet asked for) included.
    const values = { ...initialValues, ...(form.getFieldsValue(true) as Partial<V>) };
    const problem = check(values);
    if (problem) {
      toast.info(problem);
      return;
    }
    onValid(values);
  };
  return (
    <Form
      form={form}
      initialValues={initialValues}
      onFinish={onFinish}
      className={[styles.form, className ?? ''].join(' ')}
      aria-label={label}
      {...BROWSER_CHECKS_OFF}
    >
      {children}
    </Form>
  );
}

interface FormValueProps {
  name: string;
  /** Rewrites what the player typed before the form keeps it (digits only, an amount's format). */
  normalize?: (value: string) => string;
  /** The prop the control takes its value by (`checked` for a checkbox). */
  valuePropName?: string;
  /** A control taking `value` and `onChange`, which the form gives it. */
  children: ReactNode;
}

/** One field of a ContractForm: the control, whose value the form holds (no layout of its own). */
export function FormValue({ name, normalize, valuePropName, children }: FormValueProps) {
  return (
    <Form.Item name={name} noStyle normalize={normalize} valuePropName={valuePropName}>
      {children}
    </Form.Item>
  );
}
