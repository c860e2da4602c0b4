import { useParams } from 'react-router';
import { ProfileDetailScreen } from '../../features/profiles/components/profile-detail';

export default function TeammateDetailRoute() {
  const { id = '' } = useParams();
  return <ProfileDetailScreen key={id} id={id} />;
}
