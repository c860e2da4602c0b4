import { HomeSearch } from '../../features/home/components/home-search';

export default function HomeRoute() {
  return <HomeSearch />;
}
