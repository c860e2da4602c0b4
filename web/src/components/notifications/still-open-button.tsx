import type { NotificationListing } from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setOpenToCollaborate } from '../../lib/open-switch.api';
import { myTeammateQuery } from '../../lib/ownership';

/** One click from a lapse notice: the listing is open to collaborate for 60 more days. */
export const StillOpenButton = ({ listing }: { listing: NotificationListing }) => {
  const queryClient = useQueryClient();
  const reconfirm = useMutation({
    mutationFn: () =>
      setOpenToCollaborate(listing.kind === 'project' ? { kind: 'project', id: listing.id } : listing, true),
    onSuccess: () => void queryClient.invalidateQueries(myTeammateQuery),
  });
  if (reconfirm.isSuccess) return <span className="notification-bell__done">Open for 60 more days</span>;
  return (
    <button
      type="button"
      className="notification-bell__action"
      disabled={reconfirm.isPending}
      onClick={() => reconfirm.mutate()}
    >
      {reconfirm.isError ? 'Try again: Still open' : 'Still open'}
    </button>
  );
};
