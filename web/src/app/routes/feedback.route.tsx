import { PageLayout } from '../../components/layout/page-layout';
import { FeedbackForm } from '../../features/feedback/components/feedback-form';

export default function FeedbackRoute() {
  return (
    <PageLayout title="We value your feedback" lead="Tell us how Skillers could work better for you." narrow>
      <FeedbackForm />
    </PageLayout>
  );
}
