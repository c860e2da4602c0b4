import { UNVERIFIED_FIRST_CONTACTS_PER_DAY } from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { settingsQuery } from '../../lib/settings-query';
import { Button } from '../ui/button';
import { sendVerificationMail } from './email-verification.api';
import './verification-banner.css';

/** Shown on every page while the signed-in user's address is unconfirmed, with a way to get a new link. */
export const VerificationBanner = () => {
  const { isSignedIn } = useAuth();
  const queryClient = useQueryClient();
  const settings = useQuery({ ...settingsQuery, enabled: isSignedIn });
  const resend = useMutation({
    mutationFn: sendVerificationMail,
    onError: (error) => {
      // Confirmed meanwhile (in another tab, or through the link): the banner goes.
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
    },
  });
  if (!isSignedIn || settings.data?.emailVerified !== false) return null;

  return (
    <section className="verification-banner" aria-label="Email confirmation">
      <div className="verification-banner__inner">
        <p className="verification-banner__text">
          Please confirm your email address: open the link we sent to{' '}
          <strong className="verification-banner__email">{settings.data.email}</strong>. Until then you can
          start at most {UNVERIFIED_FIRST_CONTACTS_PER_DAY} new conversations a day.
        </p>
        <Button variant="secondary" busy={resend.isPending} onClick={() => resend.mutate()}>
          Send the mail again
        </Button>
        <p className="verification-banner__result" role="status">
          {resend.data?.message ?? resend.error?.message}
        </p>
      </div>
    </section>
  );
};
