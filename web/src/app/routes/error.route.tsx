import { ErrorPage } from '../../components/layout/status-page';

export default function ErrorRoute() {
  return <ErrorPage />;
}
