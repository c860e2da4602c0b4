import type { ProfileView } from '@skillers/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { InfiniteCardGrid, NoResults } from '../../../components/listings/card-grid';
import { CreatedNotice } from '../../../components/listings/created-notice';
import { ProfileCard } from '../../../components/listings/profile-card';
import { fetchProfilePage } from '../../../lib/listings-api';
import type { PagedListOptions } from '../../../lib/paged-list';
import { useInfiniteList } from '../../../lib/use-infinite-list';

type FetchProfiles = PagedListOptions<ProfileView>['fetchPage'];

interface ProfilesListProps {
  /** The filter panel sits above the grid. */
  filterPanel?: ReactNode;
  /** A line above the grid, e.g. that the results are only the closest profiles. */
  note?: ReactNode;
  /** Where the pages come from, e.g. a filtered search; a new key starts over from page 1. */
  source?: { key: string; fetchPage: FetchProfiles };
}

const EVERYONE = { key: 'all', fetchPage: fetchProfilePage };

/** Every profile, page by page as the reader scrolls; a failed first page goes to /error. */
export const ProfilesList = ({ filterPanel, note, source = EVERYONE }: ProfilesListProps) => (
  <div className="listing-screen">
    <CreatedNotice />
    {filterPanel}
    {note}
    <ProfilesGrid key={source.key} fetchPage={source.fetchPage} />
  </div>
);

const ProfilesGrid = ({ fetchPage }: { fetchPage: FetchProfiles }) => {
  const list = useInfiniteList({ fetchPage });
  return (
    <InfiniteCardGrid
      label="Teammates"
      list={list}
      renderItem={(profile) => <ProfileCard profile={profile} />}
      empty={<NoResults />}
      failed={<Navigate to="/error" replace />}
    />
  );
};
