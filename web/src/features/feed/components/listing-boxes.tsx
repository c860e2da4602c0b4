import { useQuery } from '@tanstack/react-query';
import { newestProjectsQuery, newestSkillersQuery } from '../api/feed.api';
import { LinkListBox, projectLink } from './side-box';

export const NewestProjectsBox = () => {
  const projects = useQuery(newestProjectsQuery);
  return (
    <LinkListBox
      title="Newest projects"
      list={projects}
      what="the newest projects"
      empty="No projects yet."
      toLink={projectLink}
    />
  );
};

export const NewestSkillersBox = () => {
  const skillers = useQuery(newestSkillersQuery);
  return (
    <LinkListBox
      title="Newest skillers"
      list={skillers}
      what="the newest skillers"
      empty="No skillers yet."
      toLink={(teammate) => ({
        key: teammate._id,
        to: `/teammates/${teammate._id}`,
        label: teammate.nickname,
      })}
    />
  );
};
