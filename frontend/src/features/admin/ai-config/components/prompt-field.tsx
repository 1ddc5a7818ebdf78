import { Button } from '@blueprintjs/core';
import { useRef } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { TextAreaField } from './fields';

/**
 * A prompt's text with the placeholders it understands as chips: a click puts `{name}` where the
 * cursor was (replacing a selection), and the cursor goes on after it.
 */
export function PromptField({
  label,
  registration,
  error,
  placeholders,
  getValue,
  setValue,
  rows = 12,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  placeholders: readonly string[];
  getValue: () => string;
  setValue: (value: string) => void;
  rows?: number;
}) {
  const element = useRef<HTMLTextAreaElement | null>(null);

  const insert = (placeholder: string) => {
    const token = `{${placeholder}}`;
    const value = getValue() ?? '';
    const input = element.current;
    const start = input?.selectionStart ?? value.length;
    const end = input?.selectionEnd ?? start;
    setValue(value.slice(0, start) + token + value.slice(end));
    if (input) {
      input.focus();
      input.setSelectionRange(start + token.length, start + token.length);
    }
  };

  return (
    <div className="ai-prompt-field">
      <TextAreaField
        label={label}
        registration={registration}
        error={error}
        rows={rows}
        inputRef={(input) => {
          element.current = input;
        }}
      />
      <div className="ai-chips" role="group" aria-label={`Placeholders for ${label}`}>
        {placeholders.map((placeholder) => (
          <Button
            key={placeholder}
            size="small"
            variant="outlined"
            className="ai-chip"
            text={`{${placeholder}}`}
            title={`Insert {${placeholder}} at the cursor`}
            // Keep the prompt's cursor where it is: the chip does not take the focus on press.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => insert(placeholder)}
          />
        ))}
      </div>
    </div>
  );
}
