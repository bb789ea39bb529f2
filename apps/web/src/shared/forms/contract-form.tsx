import FieldForm, { Field, useForm, useWatch } from 'rc-field-form';
import type { ReactElement, ReactNode } from 'react';
import { toast } from '@/shared/ui/feedback';

/**
 * The form store of antd-mobile's Form (rc-field-form), used without antd-mobile's Form.Item layout:
 * that brings a popover library, and these forms lay out their own rows.
 */
export const Form = { useForm, useWatch };

/** The handle of a form (`Form.useForm()`), to set values after an answer. */
export type FormHandle = ReturnType<typeof useForm>[0];

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
 * The player app's one form approach: antd-mobile's form store holds every field's value (each field a
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
    <FieldForm
      form={form}
      initialValues={initialValues}
      onFinish={onFinish}
      className={className}
      aria-label={label}
      // The browser's own checks (an email field's format) stay off: the contract's rules answer.
      noValidate
    >
      {children}
    </FieldForm>
  );
}

interface FormValueProps {
  name: string;
  /** Rewrites what the player typed before the form keeps it (digits only, an amount's format). */
  normalize?: (value: string) => string;
  /** The prop the control takes its value by (`checked` for a checkbox). */
  valuePropName?: string;
  /** A control taking `value` and `onChange`, which the form gives it. */
  children: ReactElement;
}

/** One field of a ContractForm: the control, whose value the form holds (no layout of its own). */
export function FormValue({ name, normalize, valuePropName, children }: FormValueProps) {
  return (
    <Field name={name} normalize={normalize} valuePropName={valuePropName}>
      {children}
    </Field>
  );
}
