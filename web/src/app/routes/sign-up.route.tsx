import { Navigate } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { SignUpForm } from '../../features/auth/components/sign-up-form';
import { useAuth } from '../../lib/auth';

export default function SignUpRoute() {
  const { isSignedIn } = useAuth();
  if (isSignedIn) return <Navigate to="/" replace />;
  return (
    <PageLayout
      title="Create your account"
      lead="Join Skillers to publish projects and find teammates."
      narrow
    >
      <SignUpForm />
    </PageLayout>
  );
}
