import type { TwoSidedFit } from '@skillers/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../../lib/auth';
import { myProfileQuery } from '../../../lib/ownership';
import { fetchMyProjectsPage } from '../../projects/api/projects.api';
import { profileMatchesQuery, projectMatchesQuery } from '../api/matches.api';
import { InviteButton } from '../../invitations/components/invite-button';
import { type FitReader, fitLines } from '../fit-lines';
import { HideMatchButton } from './hide-match-button';
import './matches-for-you.css';

/** Matches shown per list on the home page. */
const SHOWN = 4;

/** Where the match was shown, for the acceptance plots of the analytics (the list is page 1, best first). */
const shownAt = (why: TwoSidedFit, index: number) => ({ shownScore: why.score, shownRank: index + 1 });

interface MatchItem {
  id: string;
  name: string;
  to: string;
  why: TwoSidedFit;
  /** Invite the profile, or ask to join the project. */
  invite: ReactNode;
}

const MatchList = ({ title, items, reader }: { title: string; items: MatchItem[]; reader: FitReader }) => (
  <section className="matches-for-you__list" aria-label={title}>
    <h2 className="matches-for-you__title">{title}</h2>
    <ul>
      {items.slice(0, SHOWN).map((item) => {
        const lines = fitLines(item.why, reader);
        return (
          <li key={item.id} className="matches-for-you__item">
            <Link to={item.to}>{item.name}</Link>
            <span>{lines.needs}</span>
            <span>{lines.wants}</span>
            <span className="matches-for-you__actions">
              {item.invite}
              <HideMatchButton id={item.id} name={item.name} />
            </span>
          </li>
        );
      })}
    </ul>
  </section>
);

/**
 * For a signed-in user: the profiles that fit their newest project both ways, and the projects that fit
 * their profile (docs/matching.md). Nothing while they have neither, or no match.
 */
export const MatchesForYou = () => {
  const { isSignedIn } = useAuth();
  const myProjects = useQuery({
    queryKey: ['user', 'myProjects', 1],
    queryFn: () => fetchMyProjectsPage(1),
    enabled: isSignedIn,
  });
  const project = myProjects.data?.items[0];
  const profile = useQuery({ ...myProfileQuery, enabled: isSignedIn });
  const forProject = useQuery({ ...profileMatchesQuery(project?._id ?? ''), enabled: project !== undefined });
  const forProfile = useQuery({ ...projectMatchesQuery, enabled: Boolean(profile.data) });
  if (!isSignedIn) return null;
  const profiles = forProject.data?.items ?? [];
  const projects = forProfile.data?.items ?? [];
  if (profiles.length === 0 && projects.length === 0) return null;
  return (
    <div className="matches-for-you">
      {project && profiles.length > 0 && (
        <MatchList
          title={`Matches for your project ${project.projectName}`}
          reader="project"
          items={profiles.map((match, index) => ({
            id: match._id,
            name: match.nickname,
            to: `/teammates/${match._id}`,
            why: match.why,
            invite: (
              <InviteButton
                invitation={{
                  projectId: project._id,
                  teammateId: match._id,
                  ...shownAt(match.why, index),
                }}
                label={`Invite ${match.nickname}`}
                text="Invite"
              />
            ),
          }))}
        />
      )}
      {projects.length > 0 && (
        <MatchList
          title="Projects for you"
          reader="profile"
          items={projects.map((match, index) => ({
            id: match._id,
            name: match.projectName,
            to: `/projects/${match._id}`,
            why: match.why,
            invite: (
              <InviteButton
                invitation={{ projectId: match._id, ...shownAt(match.why, index) }}
                label={`Ask to join ${match.projectName}`}
                text="Ask to join"
              />
            ),
          }))}
        />
      )}
    </div>
  );
};
