import type { PropositionInput } from '@skillers/domain';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAuth } from '../../../lib/auth';
import { proposeFilterOption } from '../api/filters.api';

/** The spec only logs a failed proposal; a short polite line tells the user too (DESIGN section 7). */
export const PROPOSAL_FAILED = "We couldn't send your proposal right now. Please try again in a moment.";

interface ProposeOptionProps {
  filterType: PropositionInput['filterType'];
  /** The typed text that matches no option. */
  proposition: string;
  onProposed(): void;
}

/** Signed-in users propose the text they typed as a new option; visitors sign in first. */
export const ProposeOption = ({ filterType, proposition, onProposed }: ProposeOptionProps) => {
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
  const propose = useMutation({ mutationFn: proposeFilterOption, onSuccess: onProposed });

  const click = () => {
    if (isSignedIn) propose.mutate({ proposition, filterType });
    else void navigate('/login');
  };

  return (
    <div className="propose-option">
      <Button variant="secondary" busy={propose.isPending} onClick={click}>
        Propose
      </Button>
      {propose.isError && (
        <p className="field__error" role="alert">
          {PROPOSAL_FAILED}
        </p>
      )}
    </div>
  );
};
