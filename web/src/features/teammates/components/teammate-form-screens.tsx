import { useQuery } from '@tanstack/react-query';
import { DetailLoadFailed } from '../../../components/listings/detail-not-found';
import { ButtonLink } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { OPTIONS_LOAD_FAILED, optionsQuery } from '../../../lib/options';
import { myTeammateQuery } from '../../../lib/ownership';
import { teammateQuery } from '../api/teammates.api';
import { TEAMMATE_LOAD_FAILED } from './teammate-detail';
import { TeammateForm } from './teammate-form';

export const PROFILE_EXISTS = 'You already have a skiller profile. Edit it instead.';
export const NOT_YOUR_PROFILE = 'You can only edit your own skiller profile.';

/** Each user has one profile: someone who has one is pointed to editing it instead. */
export const AddTeammateScreen = () => {
  const options = useQuery(optionsQuery);
  const mine = useQuery(myTeammateQuery);
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
  return <TeammateForm options={options.data} />;
};

/** Loads the profile and the option lists, including the availability range the form keeps. */
export const EditTeammateScreen = ({ teammateId }: { teammateId: string }) => {
  const { user } = useAuth();
  const options = useQuery(optionsQuery);
  const detail = useQuery(teammateQuery(teammateId));
  if (options.isPending || detail.isPending) return <Spinner label="Loading your profile..." />;
  if (detail.isError) {
    return (
      <DetailLoadFailed
        error={detail.error}
        title="Skiller profile not found"
        back="/skillers/my"
        backLabel="My Skills"
        failedMessage={TEAMMATE_LOAD_FAILED}
      />
    );
  }
  if (options.isError) return <Notice tone="error">{OPTIONS_LOAD_FAILED}</Notice>;
  const { teammate } = detail.data;
  if (teammate.ownerId !== user?.id) return <Notice tone="error">{NOT_YOUR_PROFILE}</Notice>;
  return <TeammateForm key={teammate.updatedAt} options={options.data} teammate={teammate} />;
};
