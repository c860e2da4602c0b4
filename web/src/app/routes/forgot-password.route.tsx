import { PageLayout } from '../../components/layout/page-layout';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <PageLayout
      title="Forgot password"
      lead="Tell us your email and we will mail you a link to choose a new password."
      narrow
    >
      <ForgotPasswordForm />
    </PageLayout>
  );
}
