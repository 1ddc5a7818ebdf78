import { FormGroup, HTMLSelect, InputGroup, Switch, TextArea } from '@blueprintjs/core';
import type { ReactNode, Ref } from 'react';
import { type Control, Controller, type FieldError, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';

/** The id of a field's input, from its react-hook-form name ("promptBuilderSettings.x" → "ai-promptBuilderSettings-x"). */
export const fieldId = (name: string) => `ai-${name.replace(/\./g, '-')}`;

type Base = { label: string; error?: FieldError; helper?: ReactNode };

/** The field's own error under it (zod's message), else the helper text. */
function Group({ label, id, error, helper, children }: Base & { id: string; children: ReactNode }) {
  return (
    <FormGroup label={label} labelFor={id} intent={error ? 'danger' : 'none'} helperText={error?.message ?? helper} className="ai-field">
      {children}
    </FormGroup>
  );
}

/** A number input wired as a number (an empty box is NaN: zod says "… must be a number"). */
export function NumberField({ label, registration, error, helper, min, max, step }: Base & { registration: UseFormRegisterReturn; min: number; max?: number; step: number }) {
  const { ref, ...field } = registration;
  const id = fieldId(field.name);
  return (
    <Group label={label} id={id} error={error} helper={helper}>
      <InputGroup
        id={id}
        type="number"
        inputMode="decimal"
        min={min}
        max={max}
        step={step}
        inputRef={ref}
        intent={error ? 'danger' : 'none'}
        aria-invalid={error ? true : undefined}
        {...field}
      />
    </Group>
  );
}

export function TextAreaField({
  label,
  registration,
  error,
  helper,
  rows = 6,
  inputRef,
}: Base & { registration: UseFormRegisterReturn; rows?: number; inputRef?: (element: HTMLTextAreaElement | null) => void }) {
  const { ref, ...field } = registration;
  const id = fieldId(field.name);
  const setRef: Ref<HTMLTextAreaElement> = (element) => {
    ref(element);
    inputRef?.(element);
  };
  return (
    <Group label={label} id={id} error={error} helper={helper}>
      <TextArea id={id} fill rows={rows} inputRef={setRef} intent={error ? 'danger' : 'none'} aria-invalid={error ? true : undefined} {...field} />
    </Group>
  );
}

export function SelectField({ label, registration, error, helper, options }: Base & { registration: UseFormRegisterReturn; options: readonly { value: string; label: string }[] }) {
  const { ref, ...field } = registration;
  const id = fieldId(field.name);
  return (
    <Group label={label} id={id} error={error} helper={helper}>
      <HTMLSelect id={id} ref={ref} fill {...field}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </HTMLSelect>
    </Group>
  );
}

export function SwitchField<T extends FieldValues>({ label, name, control }: { label: string; name: Path<T>; control: Control<T> }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Switch
          id={fieldId(field.name)}
          label={label}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          inputRef={field.ref}
        />
      )}
    />
  );
}

/** "brief" → "Brief": the options of an enum select. */
export const optionsOf = (values: readonly string[]) => values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));
