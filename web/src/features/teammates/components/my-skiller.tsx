import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CardGrid } from '../../../components/listings/card-grid';
import { EmptyState } from '../../../components/listings/empty-state';
import { OpenSwitch } from '../../../components/listings/open-switch';
import { TeammateCard } from '../../../components/listings/teammate-card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { myTeammateQuery } from '../../../lib/ownership';

export const MY_PROFILE_LOAD_FAILED =
  "We couldn't load your skiller profile right now. Please try again in a moment.";

/**
 * The user's profile, or the way to create one. The creation form always starts
 * from its defaults, so nothing needs resetting before it opens.
 */
export const MySkiller = () => {
  const mine = useQuery(myTeammateQuery);
  const queryClient = useQueryClient();
  if (mine.isPending) return <Spinner label="Loading your skiller profile..." />;
  if (mine.isError) return <Notice tone="error">{MY_PROFILE_LOAD_FAILED}</Notice>;
  if (!mine.data) {
    return (
      <EmptyState text="No skiller profile yet..." action="Create Skiller Profile" to="/teammates/add" />
    );
  }
  return (
    <CardGrid
      label="My skiller profile"
      items={[mine.data]}
      itemKey={(teammate) => teammate._id}
      renderItem={(teammate) => (
        <TeammateCard
          teammate={teammate}
          ownerActions={
            <OpenSwitch
              listing={{ kind: 'teammate' }}
              openToCollaborate={teammate.openToCollaborate !== false}
              openNow={teammate.openNow === true}
              onChanged={(fresh) =>
                queryClient.setQueryData(myTeammateQuery.queryKey, (old) => old && { ...old, ...fresh })
              }
            />
          }
        />
      )}
    />
  );
};
