import type { ReactNode } from 'react';
import './tab-page-header.css';

/** SPEC §2: tab pages use a custom navigation bar; the app title is KPC. */
export function TabPageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="tab-page-header">
      <h1 className="tab-page-header__title">{title}</h1>
      {children}
    </header>
  );
}
