import { feedbackSchema, FORM_MESSAGES } from '@skillers/domain';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { useFlash } from '../../../lib/use-flash';
import { useServerForm } from '../../../lib/use-server-form';
import { sendFeedback } from '../api/feedback.api';

/** The specification keeps the thanks on screen for 3.5 seconds. */
export const FEEDBACK_THANKS_MS = 3500;
export const FEEDBACK_SEND_FAILED = "We couldn't send your feedback. Please try again in a moment.";

const EMPTY = { description: '', email: '' };

export const FeedbackForm = () => {
  const [thanks, showThanks] = useFlash(FEEDBACK_THANKS_MS);
  const form = useServerForm({
    fields: ['description', 'email'],
    initialValues: EMPTY,
    schema: feedbackSchema,
    // The email is optional: an empty box is left out of the request, as the spec drops empty fields.
    toInput: ({ description, email }) => ({ description, ...(email.trim() && { email }) }),
    send: sendFeedback,
    onSuccess: () => {
      form.setValues(EMPTY);
      showThanks(FORM_MESSAGES.feedbackThanks);
    },
    failureMessage: FEEDBACK_SEND_FAILED,
  });

  return (
    <form className="form-card" onSubmit={form.submit} noValidate aria-label="Feedback">
      {thanks && <Notice tone="success">{thanks}</Notice>}
      {form.formError && <Notice tone="error">{form.formError}</Notice>}
      <TextAreaField
        label="Your feedback"
        rows={6}
        placeholder="Tell us what works, what doesn't, or what you'd like to see..."
        {...form.field('description')}
      />
      <TextField
        label="Email (optional)"
        type="email"
        autoComplete="email"
        hint="Only if you'd like us to reply."
        {...form.field('email')}
      />
      <Button type="submit" block busy={form.isPending}>
        Send feedback
      </Button>
    </form>
  );
};
