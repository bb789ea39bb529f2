import type { InputProps } from 'antd-mobile/es/components/input';
import { FieldInput, FormField } from '@/shared/ui/form-field';
import { FormValue } from './contract-form';

interface TextRowProps extends Omit<InputProps, 'id' | 'name' | 'value' | 'onChange'> {
  /** The field's name in the form. */
  name: string;
  id: string;
  label: string;
  /** Rewrites what the player typed before the form keeps it (digits only, an amount's format). */
  normalize?: (value: string) => string;
}

/** A text row of a form card (label, input with a clear button), its value held by the ContractForm around it. */
export function TextRow({ name, id, label, normalize, ...input }: TextRowProps) {
  return (
    <FormField htmlFor={id} label={label}>
      <FormValue name={name} normalize={normalize}>
        <FieldInput id={id} clearable {...input} />
      </FormValue>
    </FormField>
  );
}
