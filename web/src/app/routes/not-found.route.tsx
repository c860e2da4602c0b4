import { NotFoundPage } from '../../components/layout/status-page';

export default function NotFoundRoute() {
  return <NotFoundPage />;
}
