import type { ProfileView } from '@skillers/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { InfiniteCardGrid, NoResults } from '../../../components/listings/card-grid';
import { TeammateCard } from '../../../components/listings/teammate-card';
import { fetchTeammatePage } from '../../../lib/listings-api';
import type { PagedListOptions } from '../../../lib/paged-list';
import { useInfiniteList } from '../../../lib/use-infinite-list';

type FetchTeammates = PagedListOptions<ProfileView>['fetchPage'];

interface TeammatesListProps {
  /** The filter panel sits above the grid. */
  filterPanel?: ReactNode;
  /** A line above the grid, e.g. that the results are only the closest teammates. */
  note?: ReactNode;
  /** Where the pages come from, e.g. a filtered search; a new key starts over from page 1. */
  source?: { key: string; fetchPage: FetchTeammates };
}

const EVERYONE = { key: 'all', fetchPage: fetchTeammatePage };

/** Every skiller, page by page as the reader scrolls; a failed first page goes to /error. */
export const TeammatesList = ({ filterPanel, note, source = EVERYONE }: TeammatesListProps) => (
  <div className="listing-screen">
    {filterPanel}
    {note}
    <TeammatesGrid key={source.key} fetchPage={source.fetchPage} />
  </div>
);

const TeammatesGrid = ({ fetchPage }: { fetchPage: FetchTeammates }) => {
  const list = useInfiniteList({ fetchPage });
  return (
    <InfiniteCardGrid
      label="Teammates"
      list={list}
      renderItem={(teammate) => <TeammateCard teammate={teammate} />}
      empty={<NoResults />}
      failed={<Navigate to="/error" replace />}
    />
  );
};
