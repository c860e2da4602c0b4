import { useSearchParams } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <PageLayout
      title="Choose a new password"
      lead="Every session of your account ends when you save it."
      narrow
    >
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </PageLayout>
  );
}
