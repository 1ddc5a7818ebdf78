import { FormGroup, InputGroup } from '@blueprintjs/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type Props = {
  label: string;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** A labelled Blueprint input wired to react-hook-form. */
export function TextField({ label, registration, type = 'text', invalid, ...rest }: Props) {
  const { ref, ...field } = registration;
  const id = `field-${field.name}`;
  return (
    <FormGroup label={label} labelFor={id}>
      <InputGroup
        id={id}
        type={type}
        inputRef={ref}
        intent={invalid ? 'danger' : 'none'}
        aria-invalid={invalid || undefined}
        size="large"
        {...field}
        {...rest}
      />
    </FormGroup>
  );
}
