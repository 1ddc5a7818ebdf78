import './admin-dashboard.css';
import { Tab, Tabs } from '@blueprintjs/core';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LoadingText } from '../../../components/ui/loading-text';
import { type AdminTab, adminTabLabels, adminTabs, type AdminTabValue } from '../admin-tabs';

const order = Object.keys(adminTabLabels) as AdminTabValue[];

/** The registry's tabs in §2's order. */
export function orderedTabs(tabs: readonly AdminTab[]): AdminTab[] {
  return [...tabs].sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
}

/**
 * The admin dashboard (back-office §2): the tabs that exist, the selected one kept in the URL
 * (`?tab=support`, §4: selection persists by tab value), each panel loaded when first opened.
 * A missing or unknown `tab` opens the first tab.
 */
export function AdminDashboard({ tabs = adminTabs }: { tabs?: readonly AdminTab[] }) {
  const [params, setParams] = useSearchParams();
  const shown = orderedTabs(tabs);
  const wanted = params.get('tab');
  const selected = shown.find((tab) => tab.value === wanted) ?? shown[0];

  const select = (value: string) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('tab', value);
      return next;
    });

  return (
    <div className="page admin-dashboard">
      <h1 className="page-title">Admin Dashboard</h1>
      {selected ? (
        <Tabs
          id="admin-tabs"
          className="admin-tabs"
          selectedTabId={selected.value}
          onChange={(value) => select(String(value))}
          renderActiveTabPanelOnly
          size="large"
        >
          {shown.map(({ value, panel: Panel }) => (
            <Tab
              key={value}
              id={value}
              title={adminTabLabels[value]}
              panelClassName="admin-tab-panel"
              panel={
                <Suspense fallback={<LoadingText />}>
                  <Panel />
                </Suspense>
              }
            />
          ))}
        </Tabs>
      ) : null}
    </div>
  );
}

export default AdminDashboard;
