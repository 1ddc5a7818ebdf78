import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { DELETE_CONFIRMATION_WORD } from '@contracts/account';
import { ConfirmWordField } from '../../../../components/ui/confirm-word-field';
import type { AdminUserDto } from '@contracts/admin-members';
import { useState } from 'react';
import { useDeleteUser } from '../api/delete-user';
import { fullName } from './member-usage';

/**
 * Back-office §2 Delete user dialog: lists what is deleted; the confirm button is enabled only
 * while DELETE is typed exactly; confirming closes the dialog (§4) and the toast tells the outcome.
 */
export function DeleteUserDialog({ user, onClose }: { user: AdminUserDto | null; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteUser();
  const confirmed = typed === DELETE_CONFIRMATION_WORD;

  const close = () => {
    setTyped('');
    onClose();
  };

  return (
    <Dialog isOpen={user !== null} onClose={close} title="Delete user" icon="warning-sign" className="delete-user-dialog">
      {user ? (
        <form
          aria-label="Delete user"
          onSubmit={(event) => {
            event.preventDefault();
            if (!confirmed) return;
            remove.mutate(user.id);
            close();
          }}
        >
          <DialogBody>
            <Callout intent="danger" icon={null}>
              This permanently deletes <strong>{fullName(user)}</strong> ({user.email}) and cannot be undone. Deleted with the account:
            </Callout>
            <ul className="delete-user-list">
              <li>ideas and plans</li>
              <li>analytics and activity history</li>
              <li>support tickets</li>
              <li>payment and subscription records</li>
              <li>blog posts by the user</li>
            </ul>
            <ConfirmWordField id="delete-user-confirmation" value={typed} onChange={setTyped} />
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Cancel" onClick={close} />
                <Button type="submit" intent="danger" text="Delete User" disabled={!confirmed} />
              </>
            }
          />
        </form>
      ) : null}
    </Dialog>
  );
}
