import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { VerifyEmailStatus } from '../../features/auth/components/verify-email-status';

export default function VerifyEmailRoute() {
  const [params] = useSearchParams();
  return (
    <PageLayout title="Confirm your email address" narrow>
      <VerifyEmailStatus token={params.get('token') ?? ''} />
    </PageLayout>
  );
}
