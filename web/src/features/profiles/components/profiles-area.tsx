import { ButtonLink } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth';
import './profiles-area.css';

/** The profile area: the user's own profile, and the way to everyone else's. */
export const ProfilesArea = () => {
  const { isSignedIn } = useAuth();
  return (
    <ul className="skillers-area">
      <li className="skillers-area__card">
        <h2 className="skillers-area__title">Your skiller profile</h2>
        <p className="skillers-area__text">
          Show project leaders what you can do: your tools, the projects you like and how you want to be
          rewarded.
        </p>
        {isSignedIn ? (
          <ButtonLink to="/skillers/my">My Skills</ButtonLink>
        ) : (
          <ButtonLink to="/login">Sign in to create yours</ButtonLink>
        )}
      </li>
      <li className="skillers-area__card">
        <h2 className="skillers-area__title">Find teammates</h2>
        <p className="skillers-area__text">
          Browse the skillers ready to join a project and save the ones you like.
        </p>
        <ButtonLink to="/teammates" variant="secondary">
          Find Teammates
        </ButtonLink>
      </li>
    </ul>
  );
};
