import { Button, FileInput } from '@blueprintjs/core';
import { PROFILE_PICTURE_MAX_BYTES, type Profile, profilePictureTooLarge, profilePictureWrongType } from '@contracts/account';
import { type ChangeEvent, useState } from 'react';
import { PictureAvatar } from '../../../components/ui/picture-avatar';
import { toastError } from '../../../lib/toaster';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

const PICTURE_TYPES = ['image/jpeg', 'image/jpg', 'image/png'];
const PICTURE_NAME = /\.(jpe?g|png)$/i;

/**
 * Spec §5: at most 5 MB, JPEG or PNG. A file the browser gives no type is judged by its name; the
 * server judges every upload by its content.
 */
export function pictureProblem(file: File): { title: string; message: string } | null {
  if (file.size > PROFILE_PICTURE_MAX_BYTES) return profilePictureTooLarge;
  const allowed = file.type === '' ? PICTURE_NAME.test(file.name) : PICTURE_TYPES.includes(file.type.toLowerCase());
  return allowed ? null : profilePictureWrongType;
}

/**
 * Spec §2/§5/§8: the avatar (picture or icon) with a change-picture control; a file that passes the
 * checks brings the Upload button, one that does not is refused with its toast before anything is sent.
 */
export function ProfilePicture({ profile }: { profile: Profile }) {
  const [chosen, setChosen] = useState<File | null>(null);
  // A new input after an upload, so the same file can be chosen again.
  const [inputKey, setInputKey] = useState(0);
  const upload = useUploadProfilePicture({
    onUploaded: () => {
      setChosen(null);
      setInputKey((key) => key + 1);
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0] ?? null;
    const problem = file ? pictureProblem(file) : null;
    if (problem) {
      toastError(problem.title, problem.message);
      input.value = '';
      setChosen(null);
      return;
    }
    setChosen(file);
  };

  const fullName = `${profile.firstName} ${profile.lastName}`.trim();
  return (
    <div className="profile-picture">
      <PictureAvatar picture={profile.profilePicture} size={96} described className="profile-avatar" />
      <div className="profile-picture-side">
        <div className="profile-identity">
          <div className="profile-name">{fullName}</div>
          <div className="profile-email muted">{profile.email}</div>
        </div>
        <div className="profile-picture-controls">
          <FileInput
            key={inputKey}
            className="profile-picture-input"
            text={chosen?.name ?? 'Change picture...'}
            hasSelection={chosen !== null}
            buttonText="Browse"
            disabled={upload.isPending}
            inputProps={{ accept: '.jpg,.jpeg,.png', 'aria-label': 'Change picture' }}
            onInputChange={choose}
          />
          {chosen ? (
            <Button intent="primary" icon="upload" text="Upload" loading={upload.isPending} onClick={() => upload.mutate(chosen)} />
          ) : null}
        </div>
        <p className="profile-hint muted">JPEG or PNG, at most 5 MB.</p>
      </div>
    </div>
  );
}
