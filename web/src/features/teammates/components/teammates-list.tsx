import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { InfiniteCardGrid, NoResults } from '../../../components/listings/card-grid';
import { TeammateCard } from '../../../components/listings/teammate-card';
import { fetchTeammatePage } from '../../../lib/listings-api';
import { useInfiniteList } from '../../../lib/use-infinite-list';

interface TeammatesListProps {
  /** The filter panel sits above the grid. */
  filterPanel?: ReactNode;
  /** A line above the grid, e.g. that the results are only the closest teammates. */
  note?: ReactNode;
}

/** Spec section 2: every skiller, page by page as the reader scrolls; a failed first page goes to /error. */
export const TeammatesList = ({ filterPanel, note }: TeammatesListProps) => {
  const list = useInfiniteList({ fetchPage: fetchTeammatePage });
  return (
    <div className="listing-screen">
      {filterPanel}
      {note}
      <InfiniteCardGrid
        label="Teammates"
        list={list}
        renderItem={(teammate) => <TeammateCard teammate={teammate} />}
        empty={<NoResults />}
        failed={<Navigate to="/error" replace />}
      />
    </div>
  );
};
