import { AnchorButton, Button, ButtonGroup, Classes, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { ADMIN_USERS_PAGE_DEFAULT, type AdminUserDto, type AdminUserSort, type AdminUsersQuery } from '@contracts/admin-members';
import { roleSchema } from '@contracts/auth';
import { useEffect, useState } from 'react';
import { LoadFailure } from '../../../../components/ui/load-failure';
import { errorMessage } from '../../../../lib/api-client';
import { useAuth } from '../../../../lib/auth/auth-provider';
import { type Role, useChangeUserRole } from '../api/change-role';
import { adminUsersExportHref, useAdminUsers } from '../api/get-users';
import { useResetUserData } from '../api/reset-data';
import { useSetUserDisabled } from '../api/toggle-disabled';
import { DeleteUserDialog } from './delete-user-dialog';
import { dayText, fullName, memberUsage } from './member-usage';

const roles = roleSchema.options;
/** The question asked before someone is made an admin (back-office §6: destructive actions need a browser confirmation). */
export const adminConfirmation = (name: string) =>
  `Make ${name} an admin? They will be able to change every account, see every payment and edit all content, including taking admin rights away from others.`;
/** The search box waits this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

type Order = 'asc' | 'desc';
type Column = { label: string; sort?: AdminUserSort };

const columns: Column[] = [
  { label: 'Name', sort: 'name' },
  { label: 'Email', sort: 'email' },
  { label: 'Role', sort: 'role' },
  { label: 'Ideas', sort: 'ideasGenerated' },
  { label: 'Active plans', sort: 'activePlans' },
  { label: 'Milestone credits' },
  { label: 'Help credits' },
  { label: 'Status' },
  { label: 'Joined', sort: 'createdAt' },
  { label: 'Actions' },
];

/** The server's default order: newest first. */
const defaultSort: { sort: AdminUserSort; order: Order } = { sort: 'createdAt', order: 'desc' };

function SortHeader({ column, sort, order, onSort }: { column: Column; sort: AdminUserSort; order: Order; onSort: (sort: AdminUserSort) => void }) {
  if (!column.sort) return <th scope="col">{column.label}</th>;
  const active = column.sort === sort;
  return (
    <th scope="col" aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <Button
        variant="minimal"
        size="small"
        className="members-sort"
        text={column.label}
        endIcon={active ? (order === 'asc' ? 'chevron-up' : 'chevron-down') : 'double-caret-vertical'}
        onClick={() => onSort(column.sort!)}
      />
    </th>
  );
}

function MemberRow({ user, own, onView, onDelete }: { user: AdminUserDto; own: boolean; onView: () => void; onDelete: () => void }) {
  const changeRole = useChangeUserRole();
  const setDisabled = useSetUserDisabled();
  const reset = useResetUserData();
  const usage = memberUsage(user);
  const disabled = user.disabled === 'true';
  const name = fullName(user);

  return (
    <tr data-testid="member-row" data-user-id={user.id}>
      <td>
        {name}
        {own ? <span className="muted"> (you)</span> : null}
      </td>
      <td>{user.email}</td>
      <td>
        <HTMLSelect
          className="members-role"
          aria-label={`Role of ${name}`}
          value={user.role}
          disabled={own || changeRole.isPending}
          options={roles}
          onChange={(event) => {
            const role = event.currentTarget.value as Role;
            // Admin is the one role that can do everything here: it is given only once confirmed.
            if (role === 'admin' && !window.confirm(adminConfirmation(name))) return;
            changeRole.mutate({ userId: user.id, role });
          }}
        />
      </td>
      <td data-testid="member-ideas">{usage.ideas}</td>
      <td data-testid="member-plans">{usage.plans}</td>
      <td data-testid="member-milestones">{usage.milestones}</td>
      <td data-testid="member-help">{usage.help}</td>
      <td>
        <Tag intent={disabled ? 'danger' : 'success'} minimal>
          {disabled ? 'Disabled' : 'Active'}
        </Tag>
      </td>
      <td>
        <time dateTime={user.createdAt}>{dayText(user.createdAt)}</time>
      </td>
      <td>
        <ButtonGroup className="members-actions">
          <Button
            size="small"
            text={disabled ? 'Enable' : 'Disable'}
            intent={disabled ? 'success' : 'warning'}
            disabled={own}
            loading={setDisabled.isPending}
            onClick={() => setDisabled.mutate({ userId: user.id, disabled: !disabled })}
          />
          <Button
            size="small"
            text="Reset data"
            disabled={own}
            loading={reset.isPending}
            onClick={() => {
              if (window.confirm(`Reset all data of ${name}? Their ideas and plans are deleted and this month's credits given back.`)) reset.mutate(user.id);
            }}
          />
          <Button size="small" text="View" icon="eye-open" disabled={own} onClick={onView} />
          <Button size="small" text="Delete" intent="danger" icon="trash" disabled={own} onClick={onDelete} />
        </ButtonGroup>
      </td>
    </tr>
  );
}

/**
 * Back-office §2 Members tab: the members, searched (debounced), filtered by role, sorted by a
 * column header and paged by the server (`x-total-count`), exported as CSV with the same
 * filters; per row the role select, Disable/Enable, Reset data, View and Delete, none of them on
 * the admin's own row.
 */
export function MembersTable({ onView }: { onView: (userId: string) => void }) {
  const { user: me } = useAuth();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [{ sort, order }, setSorting] = useState(defaultSort);
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<AdminUserDto | null>(null);

  useEffect(() => {
    const wanted = typed.trim();
    if (wanted === search) return;
    const timer = setTimeout(() => {
      setSearch(wanted);
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  const filters: Omit<AdminUsersQuery, 'page' | 'pageSize'> = {
    search: search || undefined,
    role: role || undefined,
    ...(sort === defaultSort.sort && order === defaultSort.order ? {} : { sort, order }),
  };
  const users = useAdminUsers({ ...filters, page: page > 1 ? String(page) : undefined });

  const sortBy = (column: AdminUserSort) => {
    setSorting((now) => (now.sort === column ? { sort: column, order: now.order === 'asc' ? 'desc' : 'asc' } : { sort: column, order: 'asc' }));
    setPage(1);
  };

  const pages = users.data ? Math.max(1, Math.ceil(users.data.total / ADMIN_USERS_PAGE_DEFAULT)) : 1;

  let body;
  if (users.isPending) {
    body = <div className={`${Classes.SKELETON} members-skeleton`} data-testid="members-loading" />;
  } else if (users.isError) {
    body = <LoadFailure title="Failed to load members" description={errorMessage(users.error, 'Failed to load members')} query={users} />;
  } else if (users.data.users.length === 0) {
    body = <NonIdealState icon="people" title={search || role ? 'No members match' : 'No members yet'} />;
  } else {
    body = (
      <>
        <div className="members-table-scroll">
          <HTMLTable compact striped className="members-table" aria-label="Members">
            <thead>
              <tr>
                {columns.map((column) => (
                  <SortHeader key={column.label} column={column} sort={sort} order={order} onSort={sortBy} />
                ))}
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => (
                <MemberRow key={user.id} user={user} own={user.id === me?.id} onView={() => onView(user.id)} onDelete={() => setDeleting(user)} />
              ))}
            </tbody>
          </HTMLTable>
        </div>
        <div className="members-paging">
          <Button icon="chevron-left" text="Previous" disabled={page <= 1} onClick={() => setPage(page - 1)} />
          <span data-testid="members-page">
            Page {page} of {pages} · {users.data.total} members
          </span>
          <Button endIcon="chevron-right" text="Next" disabled={page >= pages} onClick={() => setPage(page + 1)} />
        </div>
      </>
    );
  }

  return (
    <section className="members-tab" aria-labelledby="members-tab-title">
      <div className="members-tab-head">
        <h2 id="members-tab-title">Members</h2>
        <div className="members-filters">
          <InputGroup
            type="search"
            leftIcon="search"
            placeholder="Search name or email"
            aria-label="Search members"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          <HTMLSelect
            aria-label="Filter by role"
            value={role}
            options={[{ label: 'All roles', value: '' }, ...roles.map((value) => ({ label: value, value }))]}
            onChange={(event) => {
              setRole(event.currentTarget.value as Role | '');
              setPage(1);
            }}
          />
          <AnchorButton icon="download" text="Export CSV" href={adminUsersExportHref(filters)} download />
        </div>
      </div>
      {body}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
