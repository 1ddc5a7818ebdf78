import { countries } from '@contracts/countries';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth/auth-provider';
import { announceSessionChange } from '../../../lib/auth/session-hint';
import { renderRoutes } from '../../../test/render';
import { server } from '../../../test/server';
import { saveFile } from '../save-file';
import { accountApi, activityLine, exportOf, pictureFile, profile } from './account-test-support';
import { ProfileScreen } from './profile-screen';

/** What the navigation reads: the signed-in user's name and picture, or nobody. */
function SignedInAs() {
  const { user, isLoading } = useAuth();
  const text = isLoading ? 'loading' : user ? `${user.firstName} ${user.lastName} | ${user.profilePicture ?? 'no picture'}` : 'Signed out';
  return <output aria-label="Signed in as">{text}</output>;
}

function open(api: ReturnType<typeof accountApi>) {
  server.use(...api.handlers);
  return renderRoutes(
    {
      '/profile': (
        <>
          <SignedInAs />
          <ProfileScreen accountType={<p>Account Type from the page</p>} />
        </>
      ),
      '/': (
        <>
          <h1>Home</h1>
          <SignedInAs />
        </>
      ),
    },
    '/profile',
  );
}

const signedInAs = () => screen.getByRole('status', { name: 'Signed in as' });
const profileForm = () => screen.getByRole('form', { name: 'Profile' });
const passwordForm = () => screen.getByRole('form', { name: 'Change Password' });
const field = (form: HTMLElement, label: string) => within(form).getByLabelText(label);
/** The loaded screen (the form is there once the profile is). */
const loaded = () => screen.findByRole('form', { name: 'Profile' });
/** A toast: its title, and its description when it has one. */
async function toastSays(title: string, description?: string) {
  const titleNode = await screen.findByText(title, { selector: '.toast-title' });
  const body = titleNode.closest('.toast-body')!;
  if (description === undefined) expect(body.querySelector('.toast-description')).toBeNull();
  else expect(within(body as HTMLElement).getByText(description)).toBeInTheDocument();
}

afterEach(() => {
  vi.restoreAllMocks();
  // A deleted account signs this tab out for the whole module: the next test's member is signed in.
  announceSessionChange(true);
});

/** The text of a saved file (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

describe('the profile screen: loading and failure', () => {
  it('shows a skeleton while the profile loads, then the form filled in, the Account Type the page passes, and every country', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = accountApi({ profile: profile({ country: 'France' }) });
    server.use(
      http.get('/api/user/profile', async () => {
        await held;
        return HttpResponse.json(profile({ country: 'France' }));
      }),
    );
    open(api);
    expect(await screen.findByTestId('profile-loading')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    release();

    const form = await loaded();
    expect(screen.queryByTestId('profile-loading')).not.toBeInTheDocument();
    expect(field(form, 'First Name')).toHaveValue('Ada');
    expect(field(form, 'Last Name')).toHaveValue('Lovelace');
    expect(field(form, 'Email')).toHaveValue('ada@example.com');
    expect(field(form, 'Email')).toHaveAttribute('type', 'email');
    const country = field(form, 'Country') as HTMLSelectElement;
    expect(country).toHaveValue('France');
    const options = within(country).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Select a country');
    expect(options[0]).toHaveValue('');
    expect(options.slice(1).map((option) => option.textContent)).toEqual([...countries]);
    expect(within(form).getByText('Account Type from the page')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No profile picture' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel & Delete Account' })).toBeInTheDocument();
  });

  it('shows a member with no country "Select a country"', async () => {
    open(accountApi({ profile: profile({ country: null }) }));
    expect(field(await loaded(), 'Country')).toHaveValue('');
    expect(within(field(profileForm(), 'Country')).getByRole('option', { selected: true })).toHaveTextContent('Select a country');
  });

  it('says the profile could not be loaded, with Retry that loads it', async () => {
    const api = accountApi();
    api.refuse('read', { status: 500 });
    open(api);
    expect(await screen.findByText('Failed to load your profile')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Profile' })).not.toBeInTheDocument();
    api.refuse('read', undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(field(await loaded(), 'First Name')).toHaveValue('Ada');
    expect(screen.queryByText('Failed to load your profile')).not.toBeInTheDocument();
  });
});

describe('the profile form', () => {
  it('saves names, email and country, says "Profile Updated", and the navigation shows the new name', async () => {
    const api = accountApi();
    open(api);
    const form = await loaded();
    await waitFor(() => expect(signedInAs()).toHaveTextContent('Ada Lovelace'));
    await userEvent.clear(field(form, 'First Name'));
    await userEvent.type(field(form, 'First Name'), '  Augusta ');
    await userEvent.clear(field(form, 'Last Name'));
    await userEvent.type(field(form, 'Last Name'), 'King');
    await userEvent.clear(field(form, 'Email'));
    await userEvent.type(field(form, 'Email'), 'augusta@example.com');
    await userEvent.selectOptions(field(form, 'Country'), 'France');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Profile' }));

    await toastSays('Profile Updated');
    expect(api.updates).toEqual([{ firstName: 'Augusta', lastName: 'King', email: 'augusta@example.com', country: 'France' }]);
    await waitFor(() => expect(signedInAs()).toHaveTextContent('Augusta King'));
    expect(field(form, 'First Name')).toHaveValue('Augusta');
  });

  it('sends no country when "Select a country" is chosen', async () => {
    const api = accountApi();
    open(api);
    const form = await loaded();
    await userEvent.selectOptions(field(form, 'Country'), 'Select a country');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Profile' }));
    await toastSays('Profile Updated');
    expect(api.updates).toEqual([{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', country: '' }]);
  });

  it.each([
    ['First Name', '   ', 'First name is required'],
    ['Last Name', '', 'Last name is required'],
    ['Email', '', 'Email is required'],
    ['Email', 'not-an-email', 'Please enter a valid email address'],
  ])('refuses %s "%s" with "%s" and sends nothing', async (label, value, message) => {
    const api = accountApi();
    open(api);
    const form = await loaded();
    await userEvent.clear(field(form, label));
    if (value) await userEvent.type(field(form, label), value);
    await userEvent.click(within(form).getByRole('button', { name: 'Update Profile' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(field(form, label)).toHaveAttribute('aria-invalid', 'true');
    expect(api.updates).toEqual([]);
  });

  it('says "Failed to update profile" with the server\'s reason (an email in use), and keeps what was typed', async () => {
    const api = accountApi();
    api.refuse('update', { status: 409, body: { message: 'This email is already in use', code: 'email_taken' } });
    open(api);
    const form = await loaded();
    await userEvent.clear(field(form, 'Email'));
    await userEvent.type(field(form, 'Email'), 'grace@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Update Profile' }));
    await toastSays('Failed to update profile', 'This email is already in use');
    expect(field(form, 'Email')).toHaveValue('grace@example.com');
    expect(signedInAs()).toHaveTextContent('Ada Lovelace');
  });

  it('says "Failed to update profile" alone when the server gives no reason', async () => {
    const api = accountApi();
    api.refuse('update', { status: 500 });
    open(api);
    const form = await loaded();
    await userEvent.click(within(form).getByRole('button', { name: 'Update Profile' }));
    await toastSays('Failed to update profile');
  });
});

describe('the profile picture', () => {
  it('shows the Upload button once a picture is chosen, uploads it as profilePicture, and the avatar and navigation show it', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    const input = screen.getByLabelText('Change picture');
    expect(input).toHaveAttribute('accept', '.jpg,.jpeg,.png');

    await userEvent.upload(input, pictureFile('me.png', 'image/png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));

    await toastSays('Profile Picture Updated');
    expect(api.uploads).toEqual([{ field: 'profilePicture', size: 2_048, type: 'image/png' }]);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/api/files/profile-pictures/user-1-1.png'));
    await waitFor(() => expect(signedInAs()).toHaveTextContent('/api/files/profile-pictures/user-1-1.png'));
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
  });

  it('takes a JPEG, whether its name says .jpg or .jpeg', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await userEvent.upload(screen.getByLabelText('Change picture'), pictureFile('holiday.JPEG', 'image/jpeg'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await toastSays('Profile Picture Updated');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument());
    await userEvent.upload(screen.getByLabelText('Change picture'), pictureFile('beach.jpg', 'image/jpeg', 1_000));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(api.uploads).toHaveLength(2));
    expect(api.uploads).toEqual([
      { field: 'profilePicture', size: 2_048, type: 'image/jpeg' },
      { field: 'profilePicture', size: 1_000, type: 'image/jpeg' },
    ]);
  });

  it('judges a file the browser gives no type by its name', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await userEvent.upload(screen.getByLabelText('Change picture'), pictureFile('scan.png', ''));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await toastSays('Profile Picture Updated');
    expect(api.uploads).toHaveLength(1);
  });

  it('refuses a picture over 5 MB with "File too large" before sending anything', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await userEvent.upload(screen.getByLabelText('Change picture'), pictureFile('huge.png', 'image/png', 5 * 1024 * 1024 + 1));
    await toastSays('File too large', 'Profile picture must be less than 5MB');
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(api.uploads).toEqual([]);
  });

  it('takes a picture of exactly 5 MB', async () => {
    open(accountApi());
    await loaded();
    await userEvent.upload(screen.getByLabelText('Change picture'), pictureFile('edge.png', 'image/png', 5 * 1024 * 1024));
    expect(await screen.findByRole('button', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.queryByText('File too large')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a JPEG or PNG with "Invalid file type" before sending anything', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    // The picker offers only .jpg, .jpeg and .png; "All files" or a drop can still hand it a GIF.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Change picture'), pictureFile('party.gif', 'image/gif'));
    await toastSays('Invalid file type', 'Please upload a JPEG or PNG image');
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    // A file the browser gives no type is judged by its name.
    await user.upload(screen.getByLabelText('Change picture'), pictureFile('notes.txt', ''));
    await toastSays('Invalid file type', 'Please upload a JPEG or PNG image');
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(api.uploads).toEqual([]);
  });

  it('says "Failed to upload profile picture" with the server\'s reason, and keeps the old picture', async () => {
    const api = accountApi({ profile: profile({ profilePicture: '/api/files/profile-pictures/old.png' }) });
    api.refuse('upload', { status: 400, body: { message: 'Please upload a JPEG or PNG image', code: 'invalid_file_type' } });
    open(api);
    await loaded();
    await userEvent.upload(screen.getByLabelText('Change picture'), pictureFile('renamed.png', 'image/png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await toastSays('Failed to upload profile picture', 'Please upload a JPEG or PNG image');
    expect(screen.getByRole('img', { name: 'Profile picture' })).toHaveAttribute('src', '/api/files/profile-pictures/old.png');
    // Still chosen: the member may try again.
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled();
  });

  it('says "Failed to upload profile picture" when the server finds it too large (413)', async () => {
    const api = accountApi();
    api.refuse('upload', { status: 413, body: { message: 'Profile picture must be less than 5MB', code: 'file_too_large' } });
    open(api);
    await loaded();
    await userEvent.upload(screen.getByLabelText('Change picture'), pictureFile('me.png', 'image/png'));
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    await toastSays('Failed to upload profile picture', 'Profile picture must be less than 5MB');
  });
});

describe('Change Password', () => {
  async function fill(current: string, next: string, confirm: string) {
    const form = passwordForm();
    if (current) await userEvent.type(field(form, 'Current Password'), current);
    if (next) await userEvent.type(field(form, 'New Password'), next);
    if (confirm) await userEvent.type(field(form, 'Confirm New Password'), confirm);
    await userEvent.click(within(form).getByRole('button', { name: 'Change Password' }));
  }

  it('is not shown for an account that signs in with Google', async () => {
    open(accountApi({ profile: profile({ googleId: 'google-123' }) }));
    await loaded();
    expect(screen.queryByRole('form', { name: 'Change Password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('changes the password: "Password Changed", only the current and new password sent, and the fields clear', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await fill('old-password', 'a-new-password', 'a-new-password');
    await toastSays('Password Changed');
    expect(api.passwordChanges).toEqual([{ currentPassword: 'old-password', newPassword: 'a-new-password' }]);
    const form = passwordForm();
    await waitFor(() => expect(field(form, 'Current Password')).toHaveValue(''));
    expect(field(form, 'New Password')).toHaveValue('');
    expect(field(form, 'Confirm New Password')).toHaveValue('');
  });

  it('asks for all three fields and sends nothing', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await fill('', 'a-new-password', 'a-new-password');
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent('Please fill in all fields');
    await userEvent.type(field(passwordForm(), 'Current Password'), 'old-password');
    await userEvent.clear(field(passwordForm(), 'Confirm New Password'));
    await userEvent.click(within(passwordForm()).getByRole('button', { name: 'Change Password' }));
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
    expect(api.passwordChanges).toEqual([]);
  });

  it('says "Passwords don\'t match" when the confirmation differs, and sends nothing', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await fill('old-password', 'a-new-password', 'a-new-passw0rd');
    await toastSays("Passwords don't match", 'New password and confirm password must match');
    expect(api.passwordChanges).toEqual([]);
  });

  it('says "Password too short" under 8 characters, and sends nothing', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await fill('old-password', 'short12', 'short12');
    await toastSays('Password too short', 'Password must be at least 8 characters long');
    expect(api.passwordChanges).toEqual([]);
  });

  it('takes exactly 8 characters', async () => {
    const api = accountApi();
    open(api);
    await loaded();
    await fill('old-password', 'eight888', 'eight888');
    await toastSays('Password Changed');
    expect(api.passwordChanges).toEqual([{ currentPassword: 'old-password', newPassword: 'eight888' }]);
  });

  it('shows the server\'s message when the current password is wrong, and keeps the fields', async () => {
    const api = accountApi();
    api.refuse('password', { status: 400, body: { message: 'Current password is incorrect', code: 'wrong_password' } });
    open(api);
    await loaded();
    await fill('not-it', 'a-new-password', 'a-new-password');
    await toastSays('Current password is incorrect');
    expect(field(passwordForm(), 'Current Password')).toHaveValue('not-it');
    expect(field(passwordForm(), 'New Password')).toHaveValue('a-new-password');
  });

  it('says "Failed to change password" when the server gives no message', async () => {
    const api = accountApi();
    api.refuse('password', { status: 500 });
    open(api);
    await loaded();
    await fill('old-password', 'a-new-password', 'a-new-password');
    await toastSays('Failed to change password');
  });
});

describe('Download my data', () => {
  it('saves everything the server exported as one JSON file named by the day', async () => {
    const saved = vi.spyOn(saveFile, 'save').mockImplementation(() => {});
    open(accountApi());
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(saved).toHaveBeenCalledOnce());
    const [name, blob] = saved.mock.calls[0]!;
    expect(name).toBe('skilly-data-2026-11-25.json');
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await textOf(blob))).toEqual(exportOf(profile()));
  });

  it('says the download failed, and saves nothing', async () => {
    const saved = vi.spyOn(saveFile, 'save').mockImplementation(() => {});
    const api = accountApi();
    api.refuse('export', { status: 500 });
    open(api);
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    await toastSays('Failed to download your data');
    expect(saved).not.toHaveBeenCalled();
  });
});

describe('Account Activity', () => {
  const activityList = () => screen.findByRole('list', { name: 'Account activity, newest first' });

  it('lists what happened to the account, newest first, with who did it and the reason given', async () => {
    open(
      accountApi({
        activity: [
          activityLine({ id: 'l3', summary: 'Account disabled: every session was signed out', by: 'Skilly support', reason: 'Unusual sign-ins from abroad', at: '2026-11-28T10:00:00.000Z' }),
          activityLine({ id: 'l2', summary: 'Plan changed from Free to Pro', by: 'Billing', reason: 'The Pro subscription became active', at: '2026-11-27T10:00:00.000Z' }),
          activityLine({ id: 'l1', summary: 'Account created', by: 'You', at: '2026-11-26T10:00:00.000Z' }),
        ],
      }),
    );
    const list = await activityList();
    const lines = within(list).getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('.account-activity-summary')?.textContent)).toEqual([
      'Account disabled: every session was signed out',
      'Plan changed from Free to Pro',
      'Account created',
    ]);
    expect(lines[0]).toHaveTextContent('by Skilly support');
    expect(lines[0]).toHaveTextContent('Reason: Unusual sign-ins from abroad');
    expect(lines[1]).toHaveTextContent('by Billing');
    expect(lines[2]).toHaveTextContent('by You');
    expect(lines[2]).not.toHaveTextContent('Reason');
    expect(within(lines[2]).getByText(/2026/).closest('time')).toHaveAttribute('datetime', '2026-11-26T10:00:00.000Z');
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('shows 20 lines, then the older ones under them on "Show older", until there are no more', async () => {
    const activity = Array.from({ length: 23 }, (_, i) => activityLine({ id: `l${i}`, summary: `${23 - i} idea credits granted`, by: 'Skilly support' }));
    const api = accountApi({ activity });
    open(api);
    const list = await activityList();
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(23));
    expect(within(list).getAllByRole('listitem').at(-1)).toHaveTextContent('1 idea credits granted');
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
    expect(api.activityPages).toEqual([1, 2]);
  });
});

describe('Cancel & Delete Account', () => {
  const dialog = () => screen.getByRole('dialog');
  const confirmButton = () => within(dialog()).getByRole('button', { name: 'Delete Account' });

  async function openDialog() {
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel & Delete Account' }));
    return screen.findByRole('dialog');
  }

  it('lists what is deleted and enables the confirm button only while DELETE is typed exactly', async () => {
    const api = accountApi();
    open(api);
    const box = await openDialog();
    for (const item of ['ideas and plans', 'activity history', 'support tickets', 'payment and subscription records']) {
      expect(within(box).getByText(new RegExp(item))).toBeInTheDocument();
    }
    expect(within(box).getByText('A Pro subscription is cancelled.')).toBeInTheDocument();
    const input = within(box).getByLabelText('Type DELETE to confirm');
    expect(confirmButton()).toBeDisabled();
    for (const attempt of ['delete', 'DELET', ' DELETE', 'DELETE ', 'Delete']) {
      await userEvent.clear(input);
      await userEvent.type(input, attempt);
      expect(confirmButton()).toBeDisabled();
      // Enter in the field does not get around the button.
      await userEvent.type(input, '{Enter}');
    }
    await userEvent.clear(input);
    await userEvent.type(input, 'DELETE');
    expect(confirmButton()).toBeEnabled();
    expect(api.deletions()).toBe(0);

    // Cancel closes it and forgets the word.
    await userEvent.click(within(box).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await openDialog();
    expect(within(dialog()).getByLabelText('Type DELETE to confirm')).toHaveValue('');
    expect(confirmButton()).toBeDisabled();
  });

  it('deletes the account: "Account Deleted", then home 1.5 s after the toast shows, signed out', async () => {
    const api = accountApi();
    open(api);
    await waitFor(() => expect(signedInAs()).toHaveTextContent('Ada Lovelace'));
    const box = await openDialog();
    await userEvent.type(within(box).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirmButton());

    await toastSays('Account Deleted', 'Your account and all data have been permanently deleted');
    const deletedAt = Date.now();
    expect(api.deletions()).toBe(1);
    // Still here for the moment the toast is read.
    expect(screen.getByTestId('current-path')).toHaveTextContent('/profile');

    await screen.findByRole('heading', { name: 'Home' }, { timeout: 4_000 });
    // The 1.5 s count from the toast on the screen, not from the answer (spec §4).
    expect(Date.now() - deletedAt).toBeGreaterThanOrEqual(1_400);
    expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/$/);
    expect(signedInAs()).toHaveTextContent('Signed out');
    expect(api.deletions()).toBe(1);
  });

  it('says "Failed to delete account", keeps the member signed in, and lets them try again', async () => {
    const api = accountApi();
    api.refuse('delete', { status: 500 });
    open(api);
    const box = await openDialog();
    await userEvent.type(within(box).getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(confirmButton());
    await toastSays('Failed to delete account');
    expect(screen.getByTestId('current-path')).toHaveTextContent('/profile');
    expect(signedInAs()).toHaveTextContent('Ada Lovelace');
    expect(confirmButton()).toBeEnabled();
  });
});

describe('Google Sign-In and Sessions (issue 52)', () => {
  function openWith(api: ReturnType<typeof accountApi>, googleSignInOffered: boolean, at = '/profile') {
    server.use(...api.handlers);
    return renderRoutes(
      {
        '/profile': <ProfileScreen accountType={null} googleSignInOffered={googleSignInOffered} />,
        '/auth': (
          <>
            <h1>Sign in page</h1>
            <SignedInAs />
          </>
        ),
      },
      at,
    );
  }
  const googleSection = () => screen.findByRole('region', { name: 'Google Sign-In' });

  it('tells a Google account how it signs in, and emails it a link to set a password', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/auth/forgot-password', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: "If an account exists for that email, we've sent a link to reset your password." });
      }),
    );
    openWith(accountApi({ profile: profile({ googleId: 'google-123', email: 'ada@gmail.example' }) }), true);
    const section = await googleSection();
    expect(within(section).getByText('Your account signs in with Google.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Email me a link to set a password' }));
    await toastSays('Email sent', 'Open the link in it within one hour to set your password.');
    expect(sent).toEqual([{ email: 'ada@gmail.example' }]);
  });

  it('offers a password account to connect Google only where the site offers Google sign-in', async () => {
    const { unmount } = openWith(accountApi(), true);
    const link = within(await googleSection()).getByRole('link', { name: 'Connect Google' });
    expect(link).toHaveAttribute('href', '/api/auth/google/connect');
    unmount();
    openWith(accountApi(), false);
    await loaded();
    expect(screen.queryByRole('region', { name: 'Google Sign-In' })).not.toBeInTheDocument();
  });

  it('says what connecting Google came to, by its code only', async () => {
    openWith(accountApi(), true, '/profile?google=connected');
    expect(within(await googleSection()).getByRole('status')).toHaveTextContent('Your Google account is connected: you can now sign in with it.');
  });

  it('signs out everywhere: the call, then the sign-in page, signed out', async () => {
    let calls = 0;
    server.use(
      http.post('/api/user/sign-out-everywhere', () => {
        calls += 1;
        return HttpResponse.json({ message: 'You have been signed out of every session. Please sign in again.' });
      }),
    );
    openWith(accountApi(), false);
    const sessions = await screen.findByRole('region', { name: 'Sessions' });
    await userEvent.click(within(sessions).getByRole('button', { name: 'Sign out everywhere' }));
    await screen.findByRole('heading', { name: 'Sign in page' });
    await waitFor(() => expect(signedInAs()).toHaveTextContent('Signed out'));
    expect(calls).toBe(1);
  });
});
