import { InfiniteCardGrid } from '../../../components/listings/card-grid';
import { EmptyState } from '../../../components/listings/empty-state';
import { ProfileCard } from '../../../components/listings/profile-card';
import { Notice } from '../../../components/ui/notice';
import { useInfiniteList } from '../../../lib/use-infinite-list';
import { fetchFoundProfilesPage } from '../api/saved.api';

export const FOUND_PROFILES_LOAD_FAILED =
  "We couldn't load your saved teammates right now. Please try again in a moment.";

/** Found Skillers: the profiles the user saved, most recently saved first. */
export const FoundProfiles = () => {
  // A found list also stops when the API reports a single page.
  const list = useInfiniteList({ fetchPage: fetchFoundProfilesPage, stopAtSinglePage: true });
  return (
    <InfiniteCardGrid
      label="Saved teammates"
      list={list}
      renderItem={(profile) => <ProfileCard profile={profile} />}
      empty={<EmptyState text="No teammates added..." action="Find Teammates" to="/find" />}
      failed={<Notice tone="error">{FOUND_PROFILES_LOAD_FAILED}</Notice>}
    />
  );
};
