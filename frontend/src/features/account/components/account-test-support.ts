import { ACCOUNT_ACTIVITY_PAGE_SIZE, type AccountActivityEntryDto, accountActivityResponseSchema } from '@contracts/account-activity';
import { type AccountExport, accountExportSchema, type Profile, profileSchema, uploadProfilePictureResponseSchema } from '@contracts/account';
import { type User, userSchema } from '@contracts/auth';
import { http, HttpResponse } from 'msw';
import { member } from '../../../test/api';

/** Account bodies for component tests, each checked against the contract the server answers with. */

export const profile = (overrides: Partial<Profile> = {}): Profile =>
  profileSchema.parse({
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    country: 'United Kingdom',
    profilePicture: null,
    googleId: null,
    ...overrides,
  });

/** One line of the member's account activity, as the server words it. */
export const activityLine = (overrides: Partial<AccountActivityEntryDto> = {}): AccountActivityEntryDto => ({
  id: 'line-1',
  at: '2026-11-28T14:05:00.000Z',
  summary: 'Account created',
  by: 'You',
  reason: null,
  ...overrides,
});

type Failure = { status: number; body?: { message: string; code?: string } };
const fail = ({ status, body }: Failure) => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }));

/**
 * The member's account as the server keeps it: the profile and the signed-in user move together;
 * deleting the account ends the session. Records what the screen sent, and can be told to refuse.
 */
export function accountApi(initial: { profile?: Profile; user?: Partial<User>; activity?: AccountActivityEntryDto[] } = {}) {
  const activity = initial.activity ?? [activityLine({ id: 'signup', summary: 'Account created', by: 'You' })];
  const activityPages: number[] = [];
  let current = initial.profile ?? profile();
  let user: User | null = member({ ...current, ...initial.user });
  const updates: unknown[] = [];
  // The file's name is not recorded: jsdom's File reaches Node's FormData as a nameless blob.
  const uploads: { field: string; size: number; type: string }[] = [];
  const passwordChanges: unknown[] = [];
  let deletions = 0;
  let profileReads = 0;
  let meReads = 0;
  const failures: Partial<Record<'read' | 'update' | 'upload' | 'password' | 'delete' | 'export', Failure>> = {};
  let holdDelete: Promise<void> | undefined;
  let pictures = 0;

  const handlers = [
    http.get('/api/auth/me', () => {
      meReads += 1;
      return user ? HttpResponse.json(userSchema.parse(user)) : HttpResponse.json({ message: 'Not signed in', code: 'unauthorized' }, { status: 401 });
    }),
    http.get('/api/user/profile', () => {
      profileReads += 1;
      if (failures.read) return fail(failures.read);
      return HttpResponse.json(current);
    }),
    http.patch('/api/user/profile', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      updates.push(body);
      if (failures.update) return fail(failures.update);
      const country = typeof body.country === 'string' && body.country !== '' ? body.country : null;
      current = profileSchema.parse({ ...current, ...body, country });
      if (user) user = { ...user, firstName: current.firstName, lastName: current.lastName, email: current.email, country: current.country };
      return HttpResponse.json(current);
    }),
    http.post('/api/user/upload-profile-picture', async ({ request }) => {
      const form = await request.formData();
      for (const [field, value] of form.entries()) {
        if (typeof value !== 'string') uploads.push({ field, size: value.size, type: value.type });
      }
      if (failures.upload) return fail(failures.upload);
      pictures += 1;
      const url = `/api/files/profile-pictures/user-1-${pictures}.png`;
      current = { ...current, profilePicture: url };
      if (user) user = { ...user, profilePicture: url };
      return HttpResponse.json(uploadProfilePictureResponseSchema.parse({ profilePicture: url }));
    }),
    http.post('/api/user/change-password', async ({ request }) => {
      passwordChanges.push(await request.json());
      if (failures.password) return fail(failures.password);
      return HttpResponse.json({ message: 'Password changed successfully' });
    }),
    http.delete('/api/user/account', async () => {
      await holdDelete;
      deletions += 1;
      if (failures.delete) return fail(failures.delete);
      user = null;
      return HttpResponse.json({ message: 'Your account and all data have been permanently deleted' });
    }),
    http.get('/api/user/activity', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
      activityPages.push(page);
      const from = (page - 1) * ACCOUNT_ACTIVITY_PAGE_SIZE;
      return HttpResponse.json(
        accountActivityResponseSchema.parse({ entries: activity.slice(from, from + ACCOUNT_ACTIVITY_PAGE_SIZE), page, hasMore: activity.length > from + ACCOUNT_ACTIVITY_PAGE_SIZE }),
      );
    }),
    http.get('/api/user/export', () => {
      if (failures.export) return fail(failures.export);
      return HttpResponse.json(exportOf(current), { headers: { 'Content-Disposition': 'attachment; filename="skilly-data-2026-11-25.json"' } });
    }),
  ];

  return {
    handlers,
    /** The activity pages the screen asked for, in order. */
    activityPages,
    updates,
    uploads,
    passwordChanges,
    deletions: () => deletions,
    profileReads: () => profileReads,
    meReads: () => meReads,
    refuse: (call: keyof typeof failures, failure: Failure | undefined) => {
      failures[call] = failure;
    },
    holdDelete: (until: Promise<void>) => {
      holdDelete = until;
    },
  };
}

export function exportOf(owner: Profile): AccountExport & Record<string, unknown> {
  const body = {
    exportedAt: '2026-11-25T10:00:00.000Z',
    profile: { ...owner, id: 'user-1', role: 'free', createdAt: '2026-11-01T10:00:00.000Z' },
    ideaSets: [{ id: 'set-1', skill: 'watercolour painting' }],
    plans: [{ id: 'plan-1', title: 'Pet portraits on Etsy', history: [{ type: 'PlanCreated' }] }],
    supportTickets: [{ id: 't-1', subject: 'Invoice', messages: [{ message: 'Where is my invoice?' }] }],
    creditStatement: { entries: [] },
    subscription: null,
    payments: [],
    // A section this client does not know yet still reaches the file.
    notYetInTheContract: { kept: true },
  };
  accountExportSchema.parse(body);
  return body;
}

/** A file as the browser hands it to the input. */
export const pictureFile = (name: string, type: string, size = 2_048) => new File([new Uint8Array(size)], name, { type });
