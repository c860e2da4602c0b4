import { useQuery } from '@tanstack/react-query';
import { DetailLoadFailed } from '../../../components/listings/detail-not-found';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { OPTIONS_LOAD_FAILED, optionsQuery } from '../../../lib/options';
import { myProfileQuery } from '../../../lib/ownership';
import { profileQuery } from '../api/profiles.api';
import { PROFILE_LOAD_FAILED } from './profile-detail';
import { ProfileForm } from './profile-form';

export const PROFILE_EXISTS = 'You already have a skiller profile. Edit it instead.';
export const NOT_YOUR_PROFILE = 'You can only edit your own skiller profile.';

/** Each user has one profile: someone who has one is pointed to editing it instead. */
export const AddProfileScreen = () => {
  const options = useQuery(optionsQuery);
  const mine = useQuery(myProfileQuery);
  if (options.isPending || mine.isPending) return <Spinner label="Loading the form..." />;
  if (options.isError) return <Notice tone="error">{OPTIONS_LOAD_FAILED}</Notice>;
  if (mine.data) {
    return (
      <div className="listing-screen">
        <Notice>{PROFILE_EXISTS}</Notice>
        <div>
          <ButtonLink to={`/teammates/editTeammate/${mine.data._id}`}>Edit Profile</ButtonLink>
        </div>
      </div>
    );
  }
  return <ProfileForm options={options.data} />;
};

/** Loads the profile and the option lists, including the availability range the form keeps. */
export const EditProfileScreen = ({ profileId }: { profileId: string }) => {
  const { user } = useAuth();
  const options = useQuery(optionsQuery);
  const detail = useQuery(profileQuery(profileId));
  if (options.isPending || detail.isPending) return <Spinner label="Loading your profile..." />;
  if (detail.isError) {
    return (
      <DetailLoadFailed
        error={detail.error}
        title="Skiller profile not found"
        back="/skillers/my"
        backLabel="My Skills"
        failedMessage={PROFILE_LOAD_FAILED}
      />
    );
  }
  if (options.isError) return <Notice tone="error">{OPTIONS_LOAD_FAILED}</Notice>;
  const { teammate: profile } = detail.data;
  if (profile.ownerId !== user?.id) return <Notice tone="error">{NOT_YOUR_PROFILE}</Notice>;
  return <ProfileForm key={profile.updatedAt} options={options.data} profile={profile} />;
};
