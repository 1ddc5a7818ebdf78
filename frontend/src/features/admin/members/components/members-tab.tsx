import './members-tab.css';
import { useSearchParams } from 'react-router-dom';
import { MembersTable } from './members-table';
import { UserView } from './user-view';

/** The URL parameter naming the member whose user view is open (`?tab=members&user={id}`). */
const USER_PARAM = 'user';

/**
 * Back-office §2 Members tab and the user view of one member: the table, or, with `?user={id}`
 * in the URL (View), that member's view until 'Back to Members'.
 */
export function MembersTab() {
  const [params, setParams] = useSearchParams();
  const userId = params.get(USER_PARAM);

  const show = (id: string | null) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id) next.set(USER_PARAM, id);
      else next.delete(USER_PARAM);
      return next;
    });

  return userId ? <UserView userId={userId} onBack={() => show(null)} /> : <MembersTable onView={(id) => show(id)} />;
}

export default MembersTab;
