import { InfiniteCardGrid } from '../../../components/listings/card-grid';
import { EmptyState } from '../../../components/listings/empty-state';
import { TeammateCard } from '../../../components/listings/teammate-card';
import { Notice } from '../../../components/ui/notice';
import { useInfiniteList } from '../../../lib/use-infinite-list';
import { fetchFoundTeammatesPage } from '../api/saved.api';

export const FOUND_TEAMMATES_LOAD_FAILED =
  "We couldn't load your saved teammates right now. Please try again in a moment.";

/** Found Skillers: the teammates the user saved, most recently saved first. */
export const FoundTeammates = () => {
  // A found list also stops when the API reports a single page.
  const list = useInfiniteList({ fetchPage: fetchFoundTeammatesPage, stopAtSinglePage: true });
  return (
    <InfiniteCardGrid
      label="Saved teammates"
      list={list}
      renderItem={(teammate) => <TeammateCard teammate={teammate} />}
      empty={<EmptyState text="No teammates added..." action="Find Teammates" to="/find" />}
      failed={<Notice tone="error">{FOUND_TEAMMATES_LOAD_FAILED}</Notice>}
    />
  );
};
