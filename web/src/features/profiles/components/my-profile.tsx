import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CardGrid } from '../../../components/listings/card-grid';
import { EmptyState } from '../../../components/listings/empty-state';
import { OpenSwitch } from '../../../components/listings/open-switch';
import { ProfileCard } from '../../../components/listings/profile-card';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { myProfileQuery } from '../../../lib/ownership';

export const MY_PROFILE_LOAD_FAILED =
  "We couldn't load your skiller profile right now. Please try again in a moment.";

/**
 * The user's profile, or the way to create one. The creation form always starts
 * from its defaults, so nothing needs resetting before it opens.
 */
export const MyProfile = () => {
  const mine = useQuery(myProfileQuery);
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
      itemKey={(profile) => profile._id}
      renderItem={(profile) => (
        <ProfileCard
          profile={profile}
          ownerActions={
            <OpenSwitch
              listing={{ kind: 'teammate' }}
              openToCollaborate={profile.openToCollaborate !== false}
              openNow={profile.openNow === true}
              onChanged={(fresh) =>
                queryClient.setQueryData(myProfileQuery.queryKey, (old) => old && { ...old, ...fresh })
              }
            />
          }
        />
      )}
    />
  );
};
