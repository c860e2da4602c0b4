import type { SavedKind } from '@skillers/domain';
import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { useSaveToggle } from '../../lib/use-save-toggle';
import { Button } from '../ui/button';

interface SaveButtonProps {
  kind: SavedKind;
  itemId: string;
  saved: boolean;
  className?: string;
}

/**
 * Save or Forget. Visitors have no saved items: pressing it sends them to sign in.
 * A failure shows a short line under the button.
 */
export const SaveButton = ({ kind, itemId, saved, className }: SaveButtonProps) => {
  const { isSignedIn } = useAuth();
  const navigate = useNavigate();
  const state = useSaveToggle(kind, itemId, saved);
  return (
    <span className={['save-button', className].filter(Boolean).join(' ')}>
      <Button
        variant={state.saved ? 'secondary' : 'primary'}
        busy={state.busy}
        onClick={() => (isSignedIn ? state.toggle() : navigate('/login'))}
      >
        {state.saved ? 'Forget' : 'Save'}
      </Button>
      {state.error && (
        <span className="save-button__error" role="alert">
          {state.error}
        </span>
      )}
    </span>
  );
};
