import { HomeSearch } from '../../features/home/components/home-search';
import { MatchesForYou } from '../../features/matches/components/matches-for-you';

export default function HomeRoute() {
  return (
    <>
      <HomeSearch />
      <MatchesForYou />
    </>
  );
}
