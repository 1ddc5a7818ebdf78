import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { DELETE_CONFIRMATION_WORD } from '@contracts/account';
import { ConfirmWordField } from '../../../components/ui/confirm-word-field';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Spec §2/§4/§5: "Cancel & Delete Account" opens a dialog saying what goes; its confirm button is
 * enabled only while the word DELETE is typed exactly. On success the member is sent home 1.5 s
 * after the toast, signed out.
 */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const navigate = useNavigate();
  // flushSync: the page must have left the protected route before the session is cleared.
  const remove = useDeleteAccount({ onGone: () => navigate('/', { flushSync: true }) });
  const busy = remove.isPending || remove.isSuccess;
  const confirmed = typed === DELETE_CONFIRMATION_WORD;

  const close = () => {
    if (busy) return;
    setOpen(false);
    setTyped('');
  };

  return (
    <>
      <Button intent="danger" icon="trash" text="Cancel & Delete Account" onClick={() => setOpen(true)} />
      <Dialog isOpen={open} onClose={close} title="Delete your account?" icon="warning-sign" className="delete-account-dialog">
        <form
          aria-label="Delete account"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !busy) remove.mutate();
          }}
        >
          <DialogBody>
            <Callout intent="danger" icon={null}>
              This cannot be undone. Your account and everything Skilly holds about you are permanently deleted:
            </Callout>
            <ul className="delete-account-list">
              <li>your ideas and plans</li>
              <li>your activity history</li>
              <li>your support tickets</li>
              <li>your payment and subscription records</li>
            </ul>
            <p>A Pro subscription is cancelled.</p>
            <ConfirmWordField id="delete-confirmation" value={typed} onChange={setTyped} disabled={busy} />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={close} disabled={busy} />
                <Button type="submit" intent="danger" text="Delete Account" disabled={!confirmed} loading={busy} />
              </>
            }
          />
        </form>
      </Dialog>
    </>
  );
}
