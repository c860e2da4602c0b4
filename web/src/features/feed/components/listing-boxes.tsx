import { useQuery } from '@tanstack/react-query';
import { newestProjectsQuery, newestSkillersQuery } from '../api/feed.api';
import { SideBox, SideLinks, SideQuery } from './side-box';

export const NewestProjectsBox = () => {
  const projects = useQuery(newestProjectsQuery);
  return (
    <SideBox title="Newest projects">
      <SideQuery status={projects.status} data={projects.data} what="the newest projects">
        {(items) =>
          items.length === 0 ? (
            <p className="side-box__muted">No projects yet.</p>
          ) : (
            <SideLinks
              links={items.map((project) => ({
                key: project._id,
                to: `/projects/${project._id}`,
                label: project.projectName,
              }))}
            />
          )
        }
      </SideQuery>
    </SideBox>
  );
};

export const NewestSkillersBox = () => {
  const skillers = useQuery(newestSkillersQuery);
  return (
    <SideBox title="Newest skillers">
      <SideQuery status={skillers.status} data={skillers.data} what="the newest skillers">
        {(items) =>
          items.length === 0 ? (
            <p className="side-box__muted">No skillers yet.</p>
          ) : (
            <SideLinks
              links={items.map((teammate) => ({
                key: teammate._id,
                to: `/teammates/${teammate._id}`,
                label: teammate.nickname,
              }))}
            />
          )
        }
      </SideQuery>
    </SideBox>
  );
};
