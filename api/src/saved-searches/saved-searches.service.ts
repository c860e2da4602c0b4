import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import {
  type CreateSavedSearchRequest,
  firstMatchedAt,
  matchesEverything,
  NEW_MATCHES_CANDIDATES,
  readStoredSavedSearch,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCH_SCHEMA_VERSION,
  SAVED_SEARCHES_PER_USER,
  type SavedSearch,
  type SavedSearchCriteria,
  type SavedSearchListEntry,
  savedSearchNeedingAttention,
  type SavedSearchRecord,
  savedSearchFilter,
  type StoredSavedSearchReading,
  timeMs,
  type UpdateSavedSearchRequest,
} from '@skillers/domain';
import type { SavedSearchMatcher, SearchIndex } from '@skillers/search';
import { readStoredSavedSearches } from '@skillers/indexing';
import { newId, type RecordStore } from '@skillers/store';
import { RECORD_STORE, SEARCH_INDEX } from '../core/tokens';
import { TextUnderstandingService } from '../filtering/text-understanding.service';
import { SavedSearchAlertsService } from './saved-search-alerts.service';
import { SavedSearchesRepository, type StoredSavedSearchRow } from './saved-searches.repository';
import { SAVED_SEARCH_MATCHER } from './saved-searches.tokens';

/**
 * Every stored row is read through `readStoredSavedSearch`: one that no longer reads as a search
 * (quarantined) is listed to its owner as needing attention, may be replaced or deleted, and is never
 * matched, opened or renamed.
 */
@Injectable()
export class SavedSearchesService implements OnApplicationBootstrap {
  private readonly logger = new Logger(SavedSearchesService.name);

  constructor(
    private readonly searches: SavedSearchesRepository,
    @Inject(SAVED_SEARCH_MATCHER) private readonly matcher: SavedSearchMatcher,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly alerts: SavedSearchAlertsService,
    private readonly understanding: TextUnderstandingService,
    @Inject(RECORD_STORE) private readonly store: RecordStore,
  ) {}

  /**
   * Over Elasticsearch the percolator keeps the searches, so older ones are understood and registered again
   * in the background; the embedded index worker runs the backfill itself, once its index is built and
   * before its matcher loads the searches.
   */
  onApplicationBootstrap(): void {
    if (this.matcher.adapter !== 'elasticsearch') return;
    this.understandOlderSearches((search) => this.matcher.put(search))
      .then((count) => {
        if (count > 0) this.logger.log(`Saved searches: ${count} older texts understood`);
      })
      .catch((error: unknown) => {
        this.logger.warn(`Older saved searches not understood: ${(error as Error).message}`);
      });
  }

  async list(ownerId: string): Promise<{ savedSearches: SavedSearchListEntry[] }> {
    const rows = await this.searches.ownedBy(ownerId, SAVED_SEARCHES_PER_USER);
    return {
      savedSearches: await Promise.all(
        rows.map((row) => {
          const reading = readStoredSavedSearch(row);
          return reading.ok
            ? this.withNewMatches(reading.search, reading.notes)
            : savedSearchNeedingAttention(row, reading.problem);
        }),
      ),
    };
  }

  /**
   * The matcher learns of the search before the store keeps it: if the store then fails, the matcher holds
   * a search the store does not, which alerts nobody (alerts read the search from the store). The cap is
   * the store's: the count and the insert are one atomic write, so creates sent at once cannot pass it.
   */
  async create(
    ownerId: string,
    body: CreateSavedSearchRequest,
  ): Promise<{ message: string; savedSearch: SavedSearch }> {
    const criteria = await this.criteriaOf(body);
    if (matchesEverything(criteria)) throw new BadRequestException(SAVED_SEARCH_MESSAGES.nothingToSave);
    const now = new Date().toISOString();
    const record: SavedSearchRecord = {
      _id: newId(),
      ownerId,
      schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
      name: body.name,
      ...criteria,
      alerts: body.alerts,
      lastViewedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    await this.matcher.put(record);
    if (!(await this.searches.insertWithin(record, SAVED_SEARCHES_PER_USER))) {
      await this.matcher.remove(record._id);
      throw new ConflictException(SAVED_SEARCH_MESSAGES.tooMany);
    }
    return { message: SAVED_SEARCH_MESSAGES.created, savedSearch: toSavedSearch(record, 0) };
  }

  /**
   * Gives a search new criteria, name and alerts under its id, whatever it held: the way to fix one that
   * needs attention. It keeps its creation date; its matches count afresh from now.
   */
  async replace(
    ownerId: string,
    id: string,
    body: CreateSavedSearchRequest,
  ): Promise<{ message: string; savedSearch: SavedSearch }> {
    const { row } = await this.owned(ownerId, id);
    const criteria = await this.criteriaOf(body);
    if (matchesEverything(criteria)) throw new BadRequestException(SAVED_SEARCH_MESSAGES.nothingToSave);
    const now = new Date().toISOString();
    const { _id, ...fields }: SavedSearchRecord = {
      _id: id,
      ownerId,
      schemaVersion: SAVED_SEARCH_SCHEMA_VERSION,
      name: body.name,
      ...criteria,
      alerts: body.alerts,
      lastViewedAt: now,
      createdAt:
        typeof row.createdAt === 'string' && timeMs(row.createdAt) !== undefined ? row.createdAt : now,
      updatedAt: now,
    };
    const unset = (['text', 'understood', 'mustHave', 'mustNot'] as const).filter(
      (field) => !(field in fields),
    );
    const replaced = await this.searches.replace(id, fields, unset);
    if (!replaced) throw new NotFoundException(SAVED_SEARCH_MESSAGES.notFound);
    const record = { _id, ...fields };
    await this.matcher.put(record);
    this.alerts.forgetOwner(ownerId);
    return { message: SAVED_SEARCH_MESSAGES.replaced, savedSearch: toSavedSearch(record, 0) };
  }

  /**
   * Renames it or switches its alerts; the criteria never change. The whole search is written back as it
   * reads now, so a row of an older version or vocabulary is stored in today's shape from then on.
   */
  async update(
    ownerId: string,
    id: string,
    body: UpdateSavedSearchRequest,
  ): Promise<{ message: string; savedSearch: SavedSearch }> {
    const { search } = usable(await this.owned(ownerId, id));
    if (body.name === undefined && body.alerts === undefined) {
      throw new BadRequestException(SAVED_SEARCH_MESSAGES.nothingToChange);
    }
    const { _id, ...fields } = search;
    const changed = { ...fields, ...body, updatedAt: new Date().toISOString() };
    if (!(await this.searches.update(id, changed))) {
      throw new NotFoundException(SAVED_SEARCH_MESSAGES.notFound);
    }
    const updated: SavedSearchRecord = { _id, ...changed };
    // The matcher keeps the search current (the alerts thread reads names and switches from it).
    await this.matcher.put(updated);
    if (body.alerts !== undefined) this.alerts.forgetOwner(ownerId);
    return { message: SAVED_SEARCH_MESSAGES.updated, savedSearch: await this.withNewMatches(updated, []) };
  }

  /** Deletes it, whether it reads as a search or needs attention. */
  async delete(ownerId: string, id: string): Promise<{ message: string; _id: string }> {
    await this.owned(ownerId, id);
    await this.searches.delete(id);
    await this.matcher.remove(id);
    return { message: SAVED_SEARCH_MESSAGES.deleted, _id: id };
  }

  /** A deleted account's searches go, from the store and the matcher alike. */
  async deleteAllOf(ownerId: string): Promise<void> {
    for (const { _id } of await this.searches.ownedBy(ownerId, SAVED_SEARCHES_PER_USER)) {
      await this.searches.delete(_id);
      await this.matcher.remove(_id);
    }
  }

  /** Opening a search sees its matches: "N new" starts again from 0. */
  async view(ownerId: string, id: string): Promise<{ savedSearch: SavedSearch }> {
    const { search, notes } = usable(await this.owned(ownerId, id));
    const lastViewedAt = new Date().toISOString();
    if (!(await this.searches.update(id, { lastViewedAt }))) {
      throw new NotFoundException(SAVED_SEARCH_MESSAGES.notFound);
    }
    return { savedSearch: toSavedSearch({ ...search, lastViewedAt }, 0, notes) };
  }

  /**
   * The criteria of a create or replace body, as the record keeps them, with what the search understands of
   * the text (`TextUnderstandingService`), which alerts match by.
   */
  private async criteriaOf(body: CreateSavedSearchRequest): Promise<SavedSearchCriteria> {
    return {
      kind: body.kind,
      filters: body.activeFilters,
      restriction: body.filtering_restriction,
      ...(body.mustHave && { mustHave: body.mustHave }),
      ...(body.mustNot && { mustNot: body.mustNot }),
      ...(body.text && {
        text: body.text,
        understood: await this.understanding.understand(body.kind, body.text),
      }),
    };
  }

  /**
   * The backfill of searches saved before texts were understood (rows of version 2 and older): each with
   * text is understood now, its understanding written to its row and the search handed to `put`, so that it
   * alerts as a new one would. Runs once the search index holds the records, since the understanding counts labels
   * there. Returns how many it understood.
   */
  async understandOlderSearches(
    put: (search: SavedSearchRecord) => Promise<void> = async () => undefined,
  ): Promise<number> {
    let count = 0;
    await readStoredSavedSearches(this.store, async (search) => {
      if (search.text === undefined || search.understood) return;
      const understood = await this.understanding.understand(search.kind, search.text);
      // Only the new fields: a rename or switch written meanwhile stays.
      const written = { schemaVersion: SAVED_SEARCH_SCHEMA_VERSION, understood } as const;
      if (!(await this.searches.update(search._id, written))) return;
      await put({ ...search, understood });
      count += 1;
    });
    return count;
  }

  /** Someone else's search is as unknown as a missing one. */
  private async owned(ownerId: string, id: string): Promise<OwnedRow> {
    const row = await this.searches.findById(id);
    if (!row || row.ownerId !== ownerId) throw new NotFoundException(SAVED_SEARCH_MESSAGES.notFound);
    return { row, ...readStoredSavedSearch(row) };
  }

  private async withNewMatches(record: SavedSearchRecord, notes: string[]): Promise<SavedSearch> {
    return toSavedSearch(record, await this.newMatches(record), notes);
  }

  /**
   * The records that first matched the search after it was last viewed. They match it now and changed
   * since (a first match counts from the record's change, `hitTime`), so the index finds the candidates,
   * at most `NEW_MATCHES_CANDIDATES`, and their hits rows say which matched it first after the view.
   */
  private async newMatches(search: SavedSearchRecord): Promise<number> {
    const filter = savedSearchFilter(search);
    const viewedAt = timeMs(search.lastViewedAt) ?? 0;
    const activeSince = Math.max(viewedAt, timeMs(filter.activeSince) ?? 0);
    const candidates = await this.index.search({
      ...filter,
      activeSince: new Date(activeSince).toISOString(),
      page: 1,
      pageSize: NEW_MATCHES_CANDIDATES,
    });
    if (candidates.ids.length === 0) return 0;
    const rows = await this.searches.hitsOf(candidates.ids);
    return rows.filter((row) => (timeMs(firstMatchedAt(row, search._id)) ?? 0) > viewedAt).length;
  }
}

/** An owner's stored row and how it reads. */
type OwnedRow = { row: StoredSavedSearchRow } & StoredSavedSearchReading;

/** The row read as a search, or 409 for one that needs attention: it can only be replaced or deleted. */
const usable = (reading: OwnedRow): Extract<OwnedRow, { ok: true }> => {
  if (!reading.ok) throw new ConflictException(SAVED_SEARCH_MESSAGES.needsAttention);
  return reading;
};

const toSavedSearch = (
  { ownerId: _owner, schemaVersion: _version, ...record }: SavedSearchRecord,
  newMatches: number,
  notes: readonly string[] = [],
): SavedSearch => ({
  ...record,
  newMatches,
  ...(notes.length > 0 && { notes: [...notes] }),
});
