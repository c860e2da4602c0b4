import type { SavedSearch, SavedSearchNeedingAttention } from '@skillers/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/listings/empty-state';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-error';
import {
  deleteSavedSearch,
  fetchSavedSearches,
  SAVED_SEARCHES_QUERY_KEY,
  updateSavedSearch,
  viewSavedSearch,
} from '../api/saved-searches.api';
import {
  KIND_LABELS,
  newMatchesLabel,
  SAVED_SEARCH_CHANGE_FAILED,
  SAVED_SEARCHES_LOAD_FAILED,
} from '../utils/saved-search-texts';
import './saved-searches.css';

/** What the find screen reads from the navigation to run a saved search. */
export interface OpenedSavedSearchState {
  savedSearch: SavedSearch;
}

/** What the find screen reads from the navigation to save its filters over a search that needs attention. */
export interface ReplacingSavedSearchState {
  replacing: { _id: string; name: string };
}

const failureOf = (error: unknown): string =>
  error instanceof ApiError && error.isClientError ? error.message : SAVED_SEARCH_CHANGE_FAILED;

/** The account's saved searches: each with its new matches, opened on the find screen, renamed, switched, deleted. */
export const SavedSearchesScreen = () => {
  const searches = useQuery({ queryKey: SAVED_SEARCHES_QUERY_KEY, queryFn: fetchSavedSearches });
  if (searches.isPending) return <Spinner />;
  if (searches.isError) return <Notice tone="error">{SAVED_SEARCHES_LOAD_FAILED}</Notice>;
  if (searches.data.length === 0) {
    return (
      <EmptyState text="No saved searches yet. Use “Save search” in the filters." action="Find" to="/find" />
    );
  }
  return (
    <ul className="saved-searches" aria-label="Saved searches">
      {searches.data.map((search) =>
        search.needsAttention ? (
          <NeedingAttentionItem key={search._id} search={search} />
        ) : (
          <SavedSearchItem key={search._id} search={search} />
        ),
      )}
    </ul>
  );
};

/**
 * A stored search that no longer reads as one (the server matches it against nothing): what is wrong, and
 * the two ways out, saving new filters over it on the find screen or deleting it.
 */
const NeedingAttentionItem = ({ search }: { search: SavedSearchNeedingAttention }) => {
  const navigate = useNavigate();
  const replace = () => {
    const state: ReplacingSavedSearchState = { replacing: { _id: search._id, name: search.name } };
    void navigate('/find', { state });
  };
  return (
    <li className="saved-search saved-search--attention" aria-label={search.name}>
      <div className="saved-search__main">
        <h2 className="saved-search__name">{search.name}</h2>
        <Notice tone="error">
          This saved search needs attention. {search.problem}. Replace it with new filters or delete it.
        </Notice>
      </div>
      <div className="saved-search__actions">
        <Button onClick={replace}>Replace</Button>
        <DeleteSavedSearch search={search} />
      </div>
    </li>
  );
};

const SavedSearchItem = ({ search }: { search: SavedSearch }) => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY });

  const open = useMutation({
    mutationFn: () => viewSavedSearch(search._id),
    onSuccess: async (viewed) => {
      await refresh();
      const state: OpenedSavedSearchState = { savedSearch: viewed };
      await navigate('/find', { state });
    },
  });
  const update = useMutation({
    mutationFn: (changes: { name?: string; alerts?: boolean }) => updateSavedSearch(search._id, changes),
    onSuccess: async () => {
      setRenaming(false);
      await refresh();
    },
  });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ name });
  };
  const failed = [open, update].find((mutation) => mutation.isError);
  // The switch shows the asked state from the click on (set in the same render as the click, so the controlled
  // input never flips back), until the change is stored and the list refreshed, or refused.
  const [alertsAsked, setAlertsAsked] = useState<boolean | null>(null);
  const alertsOn = alertsAsked ?? search.alerts;
  const switchAlerts = (alerts: boolean) => {
    setAlertsAsked(alerts);
    update.mutate({ alerts }, { onSettled: () => setAlertsAsked(null) });
  };

  return (
    <li className="saved-search" aria-label={search.name}>
      <div className="saved-search__main">
        <h2 className="saved-search__name">{search.name}</h2>
        <span className="saved-search__meta">
          {KIND_LABELS[search.kind]}
          {search.text ? ` · “${search.text}”` : ''}
        </span>
        {search.notes && (
          <span className="saved-search__notes">
            Labels changed since it was saved: {search.notes.join('; ')}
          </span>
        )}
      </div>
      {search.newMatches > 0 && (
        <span className="saved-search__new">{newMatchesLabel(search.newMatches)}</span>
      )}
      <div className="saved-search__actions">
        <label className="save-search__alerts">
          <input
            type="checkbox"
            checked={alertsOn}
            disabled={update.isPending}
            onChange={(event) => switchAlerts(event.target.checked)}
          />
          Alerts
        </label>
        <Button busy={open.isPending} onClick={() => open.mutate()}>
          Open
        </Button>
        <Button variant="secondary" aria-expanded={renaming} onClick={() => setRenaming((now) => !now)}>
          Rename
        </Button>
        <DeleteSavedSearch search={search} />
      </div>
      {renaming && (
        <form className="saved-search__rename" onSubmit={rename} noValidate>
          <TextField
            label="New name"
            value={name}
            autoFocus
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" busy={update.isPending}>
            Save name
          </Button>
        </form>
      )}
      {failed && <Notice tone="error">{failureOf(failed.error)}</Notice>}
    </li>
  );
};

/** "Delete", asked again in a dialog. */
const DeleteSavedSearch = ({ search }: { search: { _id: string; name: string } }) => {
  const queryClient = useQueryClient();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteSavedSearch(search._id),
    onSuccess: async () => {
      setConfirmingDelete(false);
      await queryClient.invalidateQueries({ queryKey: SAVED_SEARCHES_QUERY_KEY });
    },
  });
  return (
    <>
      <Button variant="ghost" onClick={() => setConfirmingDelete(true)}>
        Delete
      </Button>
      {confirmingDelete && (
        <Dialog
          title={`Delete “${search.name}”?`}
          onClose={() => setConfirmingDelete(false)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirmingDelete(false)}>
                Cancel
              </Button>
              <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate()}>
                Delete
              </Button>
            </>
          }
        >
          <p>You will no longer be told of its new matches.</p>
          {remove.isError && <Notice tone="error">{failureOf(remove.error)}</Notice>}
        </Dialog>
      )}
    </>
  );
};
