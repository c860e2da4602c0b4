import { useMutation } from '@tanstack/react-query';
import { type OpenAnswer, type OpenListing, setOpenToCollaborate } from '../../lib/open-switch.api';
import { Button } from '../ui/button';
import './freshness.css';

export const OPEN_SWITCH_FAILED = "We couldn't change this right now. Please try again.";

interface OpenSwitchProps {
  listing: OpenListing;
  /** The switch as stored and whether it holds now (it lapses 60 days after its last confirmation). */
  openToCollaborate: boolean;
  openNow: boolean;
  /** The listing's new state as the API answered; the screen shows it (the switch reads its props). */
  onChanged(view: OpenAnswer): void;
}

/**
 * The owner's "Open to collaborate" control: "Still open" reconfirms for 60 more days in one click (also
 * after a lapse), "Close" turns it off, "Open to collaborate" turns it back on.
 */
export const OpenSwitch = ({ listing, openToCollaborate, openNow, onChanged }: OpenSwitchProps) => {
  const change = useMutation({
    mutationFn: (open: boolean) => setOpenToCollaborate(listing, open),
    onSuccess: onChanged,
  });
  const state = { openToCollaborate, openNow };
  return (
    <span className="open-switch">
      {state.openToCollaborate ? (
        <>
          {!state.openNow && <span className="open-switch__lapsed">Open to collaborate lapsed</span>}
          <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate(true)}>
            Still open
          </Button>
          <Button variant="ghost" disabled={change.isPending} onClick={() => change.mutate(false)}>
            Close
          </Button>
        </>
      ) : (
        <Button variant="secondary" disabled={change.isPending} onClick={() => change.mutate(true)}>
          Open to collaborate
        </Button>
      )}
      {change.isError && (
        <span role="alert" className="open-switch__error">
          {OPEN_SWITCH_FAILED}
        </span>
      )}
    </span>
  );
};
