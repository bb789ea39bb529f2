import { PAY_PASSWORD_LENGTH } from '@app/contract/constants';
import { FieldInput, FormField } from './form-field';

interface PayPasswordFieldProps {
  id: string;
  label: string;
  placeholder: string;
  /** Given by the form (a FormValue). */
  value?: string;
  onChange?: (value: string) => void;
}

/** The pay password row of the money forms (bind a card, withdraw): masked, at most 18, never autofilled. */
export function PayPasswordField({ id, label, placeholder, value, onChange }: PayPasswordFieldProps) {
  return (
    <FormField htmlFor={id} label={label}>
      <FieldInput
        id={id}
        type="password"
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        maxLength={PAY_PASSWORD_LENGTH.max}
        autoComplete="off"
        clearable
      />
    </FormField>
  );
}
