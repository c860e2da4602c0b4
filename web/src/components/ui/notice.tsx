import type { ReactNode } from 'react';
import './notice.css';

export type NoticeTone = 'info' | 'success' | 'error';

/** An inline message; errors are announced at once, the rest politely. */
export const Notice = ({ tone = 'info', children }: { tone?: NoticeTone; children: ReactNode }) => (
  <div className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
    {children}
  </div>
);
