import { Navigate, useLocation } from 'react-router';
import { PageLayout } from '../../components/layout/page-layout';
import { Notice } from '../../components/ui/notice';
import { LoginForm } from '../../features/auth/components/login-form';
import type { SignedUpState } from '../../features/auth/components/sign-up-form';
import { useAuth } from '../../lib/auth';

export default function LoginRoute() {
  const { isSignedIn } = useAuth();
  const signedUp = useLocation().state as Partial<SignedUpState> | null;
  if (isSignedIn) return <Navigate to="/" replace />;
  return (
    <PageLayout title="Sign in" lead="Welcome back! Sign in to save, message and publish." narrow>
      {signedUp?.message && <Notice tone="success">{signedUp.message}. You can sign in now.</Notice>}
      <LoginForm initialEmail={signedUp?.signedUpEmail} />
    </PageLayout>
  );
}
