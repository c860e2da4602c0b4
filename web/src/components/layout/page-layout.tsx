import type { ReactNode } from 'react';
import './page-layout.css';

interface PageLayoutProps {
  title: string;
  /** A short line under the title. */
  lead?: ReactNode;
  /** Narrow pages hold a single form. */
  narrow?: boolean;
  children?: ReactNode;
}

export const PageLayout = ({ title, lead, narrow = false, children }: PageLayoutProps) => (
  <div className={`page${narrow ? ' page--narrow' : ''}`}>
    <header className="page__header">
      <h1 className="page__title">{title}</h1>
      {lead && <p className="page__lead">{lead}</p>}
    </header>
    {children}
  </div>
);
