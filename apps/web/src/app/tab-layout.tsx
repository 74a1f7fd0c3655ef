import { Outlet } from 'react-router';
import { TabBar } from './tab-bar.tsx';

/** The three tab pages share the tab bar; no other page shows it (SPEC §2). */
export function TabLayout() {
  return (
    <div className="tab-layout">
      <Outlet />
      <TabBar />
    </div>
  );
}
