import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import { Notice } from '../ui/notice';
import { BLOCKS_QUERY_KEY, blockedUsers, blockUser, unblockUser } from './block.api';

export const BLOCK_FAILED = 'That did not work. Please try again.';

/**
 * Block or unblock a user, after a confirmation for blocking. The blocked user is never told: their
 * messages still look sent to them. Conversations and the feed refresh to leave them out.
 */
export const BlockButton = ({ userId, name }: { userId: string; name: string }) => {
  const { token, user } = useAuth();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const blocks = useQuery({ queryKey: BLOCKS_QUERY_KEY, queryFn: blockedUsers, enabled: Boolean(token) });
  const blocked = blocks.data?.blocked.some((other) => other._id === userId) ?? false;
  const toggle = useMutation({
    mutationFn: () => (blocked ? unblockUser(userId) : blockUser(userId)),
    onSuccess: async () => {
      setConfirming(false);
      await client.invalidateQueries();
    },
  });
  if (!token || user?.id === userId || !blocks.isSuccess) return null;
  const failure =
    toggle.error instanceof ApiError && toggle.error.isClientError ? toggle.error.message : BLOCK_FAILED;

  return (
    <>
      <Button
        variant="ghost"
        busy={toggle.isPending}
        onClick={() => (blocked ? toggle.mutate() : setConfirming(true))}
      >
        {blocked ? 'Unblock' : 'Block'}
      </Button>
      {toggle.isError && !confirming && <Notice tone="error">{failure}</Notice>}
      {confirming && (
        <Dialog
          title={`Block ${name}?`}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button variant="danger" busy={toggle.isPending} onClick={() => toggle.mutate()}>
                Block
              </Button>
            </>
          }
        >
          <p>
            You will no longer see their messages, posts or comments, and they will not be told. You can
            unblock them at any time.
          </p>
          {toggle.isError && <Notice tone="error">{failure}</Notice>}
        </Dialog>
      )}
    </>
  );
};
