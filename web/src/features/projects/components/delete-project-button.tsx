import type { ProjectView } from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { myProjectIdsQuery } from '../../../lib/ownership';
import { deleteProject } from '../api/projects.api';

export const DELETE_FAILED = "We couldn't delete this project right now. Please try again.";

/** Deleting cannot be undone, so it asks first. */
export const DeleteProjectButton = ({ project, onDeleted }: { project: ProjectView; onDeleted(): void }) => {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteProject(project._id),
    onSuccess: () => {
      setConfirming(false);
      onDeleted();
      void queryClient.invalidateQueries(myProjectIdsQuery);
    },
  });

  const close = () => {
    setConfirming(false);
    remove.reset();
  };

  return (
    <>
      <Button variant="ghost" className="delete-project" onClick={() => setConfirming(true)}>
        Delete
      </Button>
      {confirming && (
        <Dialog
          title="Delete project"
          onClose={close}
          actions={
            <>
              <Button variant="secondary" onClick={close} autoFocus>
                Cancel
              </Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
                Delete
              </Button>
            </>
          }
        >
          <p>Delete “{project.projectName}”? This cannot be undone.</p>
          {remove.isError && (
            <p className="delete-project__error" role="alert">
              {DELETE_FAILED}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
};
