import { useQuery } from '@tanstack/react-query';
import { newestProjectsQuery, newestProfilesQuery } from '../api/feed.api';
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

export const NewestProfilesBox = () => {
  const profiles = useQuery(newestProfilesQuery);
  return (
    <LinkListBox
      title="Newest skillers"
      list={profiles}
      what="the newest skillers"
      empty="No skillers yet."
      toLink={(profile) => ({
        key: profile._id,
        to: `/teammates/${profile._id}`,
        label: profile.nickname,
      })}
    />
  );
};
