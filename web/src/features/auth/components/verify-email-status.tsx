import { EMAIL_VERIFICATION_MESSAGES } from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { verifyEmail } from '../../../components/email-verification/email-verification.api';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { settingsQuery } from '../../../lib/settings-query';

/** Confirms the address behind the mailed link (`token` is the link's `?token=`) and says how it went. */
export const VerifyEmailStatus = ({ token }: { token: string }) => {
  const { isSignedIn } = useAuth();
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
  });
  // The link works once: a second call (a remount) would report it used.
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [token, confirm]);

  if (token && (confirm.isIdle || confirm.isPending))
    return <Spinner label="Confirming your email address..." />;
  if (confirm.isSuccess)
    return (
      <div className="form-card">
        <Notice tone="success">{confirm.data.message}</Notice>
        <ButtonLink to={isSignedIn ? '/find' : '/login'}>{isSignedIn ? 'Find people' : 'Sign in'}</ButtonLink>
      </div>
    );
  return (
    <div className="form-card">
      <Notice tone="error">{confirm.error?.message ?? EMAIL_VERIFICATION_MESSAGES.linkInvalid}</Notice>
      <p>
        {isSignedIn
          ? 'Use "Send the mail again" at the top of the page for a new link.'
          : 'Sign in to ask for a new link.'}
      </p>
    </div>
  );
};
