import { useParams } from 'react-router';
import { CardScreen } from '../../features/cards/components/card-screen';

export default function HomeCardRoute() {
  const { option = '' } = useParams();
  return <CardScreen option={option} />;
}
