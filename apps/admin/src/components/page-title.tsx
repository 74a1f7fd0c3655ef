import type { ReactNode } from 'react';

/** A screen's heading, with its main actions on the right. */
export function PageTitle({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-title">
      <h1>{title}</h1>
      {extra}
    </div>
  );
}
