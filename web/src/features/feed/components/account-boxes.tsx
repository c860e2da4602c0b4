import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth';
import { myProfileQuery } from '../../../lib/ownership';
import { myProjectsQuery } from '../api/feed.api';
import { profileSkills } from '../utils/feed-data';
import { LinkListBox, projectLink, SideBox, SideLinks, SideQuery } from './side-box';

/** Signed in: who you are and where your things are. A visitor is invited in, in Polish. */
export const ProfileBox = () => {
  const { isSignedIn, user } = useAuth();
  if (!isSignedIn) {
    return (
      <SideBox title="Dołącz do społeczności" lang="pl">
        <p className="side-box__text">Zaloguj się, aby publikować posty, polubić je i komentować.</p>
        <ButtonLink to="/login" block>
          Zaloguj się
        </ButtonLink>
        <p className="side-box__muted">
          Nie masz konta? <Link to="/signUp">Zarejestruj się</Link>
        </p>
      </SideBox>
    );
  }
  return (
    <SideBox title={user?.username ? `Hello, ${user.username}!` : 'Hello!'}>
      <SideLinks
        links={[
          { key: 'account', to: '/conversations', label: 'My Account' },
          { key: 'projects', to: '/projects/my', label: 'My Projects' },
          { key: 'skills', to: '/skillers/my', label: 'My Skills' },
          { key: 'settings', to: '/settings', label: 'Settings' },
        ]}
      />
    </SideBox>
  );
};

export const MyProjectsBox = () => {
  const projects = useQuery(myProjectsQuery);
  return (
    <LinkListBox
      title="My projects"
      list={projects}
      what="your projects"
      empty={
        <>
          No projects created yet... <Link to="/project/add">Create Project</Link>
        </>
      }
      toLink={projectLink}
    />
  );
};

export const MySkillsBox = () => {
  const profile = useQuery(myProfileQuery);
  return (
    <SideBox title="My skills">
      <SideQuery status={profile.status} data={profile.data} what="your skills">
        {(profile) =>
          profile === null ? (
            <p className="side-box__muted">
              No skiller profile yet... <Link to="/teammates/add">Create Skiller Profile</Link>
            </p>
          ) : (
            <ul className="side-box__tags" aria-label="My skills">
              {profileSkills(profile).map((skill) => (
                <li key={skill} className="side-box__tag">
                  {skill}
                </li>
              ))}
            </ul>
          )
        }
      </SideQuery>
    </SideBox>
  );
};
