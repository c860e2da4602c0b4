import './freshness.css';
import { activeAgo } from '../../lib/active-ago';

export interface Freshness {
  lastActiveAt?: string;
  openNow?: boolean;
}

/** "Active 3 days ago" and, while it holds, the "Open to collaborate" badge. */
export const FreshnessLine = ({ lastActiveAt, openNow }: Freshness) => {
  if (!lastActiveAt && !openNow) return null;
  return (
    <p className="freshness-line">
      {lastActiveAt && (
        <time className="freshness-line__active" dateTime={lastActiveAt}>
          {activeAgo(lastActiveAt)}
        </time>
      )}
      {openNow && <span className="freshness-line__open">Open to collaborate</span>}
    </p>
  );
};
