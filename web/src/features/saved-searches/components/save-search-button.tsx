import { SAVED_SEARCH_NAME_MAX_LENGTH, type SearchKind } from '@skillers/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth';
import { type FilterState, toActiveFilters, toMustHave, toMustNot } from '../../filters/utils/filter-state';
import {
  createSavedSearch,
  type NewSavedSearch,
  replaceSavedSearch,
  SAVED_SEARCHES_QUERY_KEY,
} from '../api/saved-searches.api';
import { SAVE_FAILED } from '../utils/saved-search-texts';
import type { ReplacingSavedSearchState } from './saved-searches-screen';
import './saved-searches.css';

interface SaveSearchButtonProps {
  kind: SearchKind;
  /** The panel's filters as they are now, applied or not. */
  filters: FilterState;
}

/**
 * "Save search" beside the panel's buttons, for signed-in users: a dialog asks for a name and whether to
 * be alerted, then the panel's filters, must-haves and text are saved. Come from a saved search that needs
 * attention ("Replace"), it saves them over that one instead. The dialog goes to the end of the page, since
 * it holds a form of its own and the panel is a form.
 */
export const SaveSearchButton = ({ kind, filters }: SaveSearchButtonProps) => {
  const { isSignedIn } = useAuth();
  const replacing = (useLocation().state as Partial<ReplacingSavedSearchState> | null)?.replacing;
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  if (!isSignedIn) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {replacing ? `Replace “${replacing.name}”` : 'Save search'}
      </Button>
      {saved && (
        <span className="save-search__saved" role="status">
          Saved as “{saved}”
        </span>
      )}
      {open &&
        createPortal(
          <SaveSearchDialog
            kind={kind}
            filters={filters}
            replacing={replacing}
            onClose={() => setOpen(false)}
            onSaved={(name) => {
              setOpen(false);
              setSaved(name);
            }}
          />,
          document.body,
        )}
    </>
  );
};

interface SaveSearchDialogProps extends SaveSearchButtonProps {
  replacing?: ReplacingSavedSearchState['replacing'];
  onClose(): void;
  onSaved(name: string): void;
}

const SaveSearchDialog = ({ kind, filters, replacing, onClose, onSaved }: SaveSearchDialogProps) => {
  const formId = useId();
  const queryClient = useQueryClient();
  const [name, setName] = useState(replacing?.name ?? '');
  const [alerts, setAlerts] = useState(true);
  const save = useMutation({
    mutationFn: () => {
      const search: NewSavedSearch = {
        kind,
        name,
        activeFilters: toActiveFilters(filters, kind),
        mustHave: toMustHave(filters),
        mustNot: toMustNot(filters),
        ...(filters.textSearch.trim() ? { text: filters.textSearch.trim() } : {}),
        alerts,
      };
      return replacing ? replaceSavedSearch(replacing._id, search) : createSavedSearch(search);
    },
    onSuccess: async (search) => {
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY });
      onSaved(search.name);
    },
  });
  const failure =
    save.error instanceof ApiError && save.error.isClientError ? save.error.message : SAVE_FAILED;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog sits inside the panel in React's tree: its submit must not also apply the filters.
    event.stopPropagation();
    save.mutate();
  };

  return (
    <Dialog
      title={replacing ? 'Replace saved search' : 'Save search'}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      <form id={formId} className="save-search__form" onSubmit={submit} noValidate>
        <p>Your current filters and search text are kept under this name.</p>
        <TextField
          label="Name"
          value={name}
          maxLength={SAVED_SEARCH_NAME_MAX_LENGTH}
          required
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
        <label className="save-search__alerts">
          <input type="checkbox" checked={alerts} onChange={(event) => setAlerts(event.target.checked)} />
          Notify me when a new match is published
        </label>
        {save.isError && <Notice tone="error">{failure}</Notice>}
      </form>
    </Dialog>
  );
};
