import { RecentAdminActions } from './actions/components/recent-admin-actions';
import { StatsTab } from './stats/components/stats-tab';

/**
 * Back-office §2 Dashboard tab: the platform figures and maintenance actions, then the recent
 * admin actions that can be undone (issue 53). Composed here, as a sub-feature never imports another.
 */
export default function DashboardTab() {
  return (
    <>
      <StatsTab />
      <RecentAdminActions />
    </>
  );
}
