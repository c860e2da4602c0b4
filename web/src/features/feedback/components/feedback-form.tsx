import { feedbackSchema, FORM_MESSAGES } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { ApiError, splitServerErrors } from '../../../lib/api-error';
import { type FieldErrors, validateForm } from '../../../lib/form-errors';
import { useFlash } from '../../../lib/use-flash';
import { sendFeedback } from '../api/feedback.api';

/** The specification keeps the thanks on screen for 3.5 seconds. */
export const FEEDBACK_THANKS_MS = 3500;
export const FEEDBACK_SEND_FAILED = "We couldn't send your feedback. Please try again in a moment.";

const FIELDS = ['description', 'email'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const EMPTY: Values = { description: '', email: '' };

export const FeedbackForm = () => {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [thanks, showThanks] = useFlash(FEEDBACK_THANKS_MS);

  const send = useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => {
      setValues(EMPTY);
      showThanks(FORM_MESSAGES.feedbackThanks);
    },
    onError: (error) => {
      const { fieldErrors, formError: message } = splitServerErrors(error, FIELDS);
      setErrors(fieldErrors);
      const isOurFault = !(error instanceof ApiError) || !error.isClientError;
      setFormError(message && (isOurFault ? FEEDBACK_SEND_FAILED : message));
    },
  });

  const change = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    // The email is optional: an empty box is left out of the request, as the spec drops empty fields.
    const result = validateForm(feedbackSchema, {
      description: values.description,
      ...(values.email.trim() && { email: values.email }),
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    send.mutate(result.data);
  };

  return (
    <form className="form-card" onSubmit={submit} noValidate aria-label="Feedback">
      {thanks && <Notice tone="success">{thanks}</Notice>}
      {formError && <Notice tone="error">{formError}</Notice>}
      <TextAreaField
        label="Your feedback"
        name="description"
        rows={6}
        placeholder="Tell us what works, what doesn't, or what you'd like to see..."
        value={values.description}
        onChange={(event) => change('description', event.target.value)}
        error={errors.description}
      />
      <TextField
        label="Email (optional)"
        name="email"
        type="email"
        autoComplete="email"
        hint="Only if you'd like us to reply."
        value={values.email}
        onChange={(event) => change('email', event.target.value)}
        error={errors.email}
      />
      <Button type="submit" block busy={send.isPending}>
        Send feedback
      </Button>
    </form>
  );
};
