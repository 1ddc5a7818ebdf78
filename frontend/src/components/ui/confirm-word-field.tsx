import { FormGroup, InputGroup } from '@blueprintjs/core';
import { DELETE_CONFIRMATION_WORD } from '@contracts/account';

/**
 * "Type DELETE to confirm": the field of every irreversible deletion (the member's own account,
 * an admin deleting a member). The dialog enables its confirm button only while `value` equals
 * `DELETE_CONFIRMATION_WORD` exactly.
 */
export function ConfirmWordField({ id, value, onChange, disabled }: { id: string; value: string; onChange: (value: string) => void; disabled?: boolean }) {
  return (
    <FormGroup label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`} labelFor={id}>
      <InputGroup
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        autoFocus
      />
    </FormGroup>
  );
}
