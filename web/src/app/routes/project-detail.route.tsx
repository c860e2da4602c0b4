import { useParams } from 'react-router';
import { ProjectDetailScreen } from '../../features/projects/components/project-detail';

export default function ProjectDetailRoute() {
  const { id = '' } = useParams();
  return <ProjectDetailScreen key={id} id={id} />;
}
