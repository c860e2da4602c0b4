import { LISTING_MESSAGES } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import { DetailLoadFailed } from '../../../components/listings/detail-not-found';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../lib/auth';
import { OPTIONS_LOAD_FAILED, optionsQuery } from '../../../lib/options';
import { projectQuery } from '../api/projects.api';
import { PROJECT_LOAD_FAILED } from './project-detail';
import { ProjectForm } from './project-form';

export const AddProjectScreen = () => {
  const options = useQuery(optionsQuery);
  if (options.isPending) return <Spinner label="Loading the form..." />;
  if (options.isError) return <Notice tone="error">{OPTIONS_LOAD_FAILED}</Notice>;
  return <ProjectForm options={options.data} />;
};

/** Loads the project and the option lists; only the project's creator may edit it. */
export const EditProjectScreen = ({ projectId }: { projectId: string }) => {
  const { user } = useAuth();
  const options = useQuery(optionsQuery);
  const detail = useQuery(projectQuery(projectId));
  if (options.isPending || detail.isPending) return <Spinner label="Loading the project..." />;
  if (detail.isError) {
    return (
      <DetailLoadFailed
        error={detail.error}
        title="Project not found"
        back="/projects/my"
        backLabel="My Projects"
        failedMessage={PROJECT_LOAD_FAILED}
      />
    );
  }
  if (options.isError) return <Notice tone="error">{OPTIONS_LOAD_FAILED}</Notice>;
  const { project } = detail.data;
  if (project.ownerId !== user?.id) return <Notice tone="error">{LISTING_MESSAGES.notProjectOwner}</Notice>;
  return <ProjectForm key={project.updatedAt} options={options.data} project={project} />;
};
