import { useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

export const LogoutDialog = ({ onClose }: { onClose(): void }) => {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Dialog
      title="Logout"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              // Leave the account screens first, so they do not send the now signed-out visitor to /login.
              void Promise.resolve(navigate('/', { replace: true, flushSync: true })).then(signOut);
            }}
          >
            Logout
          </Button>
        </>
      }
    >
      <p>Are you sure you want to logout?</p>
    </Dialog>
  );
};
