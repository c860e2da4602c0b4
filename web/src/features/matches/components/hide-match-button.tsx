import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { hideMatch } from '../api/matches.api';

export const HIDE_FAILED = "We couldn't hide it. Please try again in a moment.";

/** Hides one match for good; the lists are read again without it. */
export const HideMatchButton = ({ id, name }: { id: string; name: string }) => {
  const client = useQueryClient();
  const hide = useMutation({
    mutationFn: () => hideMatch(id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['matches'] }),
  });
  return (
    <span className="hide-match">
      <Button
        variant="ghost"
        busy={hide.isPending}
        aria-label={`Not interested in ${name}`}
        onClick={() => hide.mutate()}
      >
        Not interested
      </Button>
      {hide.isError && (
        <span role="alert" className="hide-match__problem">
          {HIDE_FAILED}
        </span>
      )}
    </span>
  );
};
