import type { NotificationListing } from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setOpenToCollaborate } from '../../lib/open-switch.api';
import { announceProjectOpen } from '../../lib/open-switch-changes';
import { myProfileQuery } from '../../lib/ownership';

/** One click from a lapse notice: the listing is open to collaborate for 60 more days. */
export const StillOpenButton = ({ listing }: { listing: NotificationListing }) => {
  const queryClient = useQueryClient();
  const reconfirm = useMutation({
    mutationFn: () =>
      setOpenToCollaborate(listing.kind === 'project' ? { kind: 'project', id: listing.id } : listing, true),
    // The owner's screens follow without a reload: My Skills and the detail pages are queries, My Projects
    // a paged list that listens for the change.
    onSuccess: (answer) => {
      if (listing.kind === 'project') {
        announceProjectOpen(listing.id, answer);
        void queryClient.invalidateQueries({ queryKey: ['project', listing.id] });
      } else {
        void queryClient.invalidateQueries(myProfileQuery);
        void queryClient.invalidateQueries({ queryKey: ['teammate', listing.id] });
      }
    },
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
