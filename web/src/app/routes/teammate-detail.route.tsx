import { useParams } from 'react-router';
import { TeammateDetailScreen } from '../../features/teammates/components/teammate-detail';

export default function TeammateDetailRoute() {
  const { id = '' } = useParams();
  return <TeammateDetailScreen key={id} id={id} />;
}
