import type { PublicUser } from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BLOCK_FAILED } from '../../../components/block/block-button';
import { BLOCKS_QUERY_KEY, blockedUsers, unblockUser } from '../../../components/block/block.api';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';

export const BLOCKS_LOAD_FAILED = "We couldn't load the users you blocked. Please try again in a moment.";

const BlockedUser = ({ user }: { user: PublicUser }) => {
  const client = useQueryClient();
  const unblock = useMutation({
    mutationFn: () => unblockUser(user._id),
    // The list drops them at once; conversations and the feed show them again when next read.
    onSuccess: () => {
      void client.invalidateQueries();
    },
  });
  return (
    <li className="blocked-users__item">
      <span>{user.username}</span>
      <Button
        variant="secondary"
        busy={unblock.isPending}
        aria-label={`Unblock ${user.username}`}
        onClick={() => unblock.mutate()}
      >
        Unblock
      </Button>
      {unblock.isError && <Notice tone="error">{BLOCK_FAILED}</Notice>}
    </li>
  );
};

/** The users the signed-in user blocked, each with Unblock. */
export const BlockedUsers = () => {
  const blocks = useQuery({ queryKey: BLOCKS_QUERY_KEY, queryFn: blockedUsers });
  return (
    <section className="form-card" aria-labelledby="blocked-users-title">
      <h2 id="blocked-users-title">Blocked users</h2>
      {blocks.isPending && <Spinner label="Loading the users you blocked..." />}
      {blocks.isError && <Notice tone="error">{BLOCKS_LOAD_FAILED}</Notice>}
      {blocks.isSuccess &&
        (blocks.data.blocked.length === 0 ? (
          <p>You have not blocked anyone.</p>
        ) : (
          <ul className="blocked-users" aria-label="Blocked users">
            {blocks.data.blocked.map((user) => (
              <BlockedUser key={user._id} user={user} />
            ))}
          </ul>
        ))}
    </section>
  );
};
