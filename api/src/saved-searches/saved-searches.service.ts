import {
  ConflictException,
  BadRequestException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  type CreateSavedSearchRequest,
  firstMatchedAt,
  matchesEverything,
  NEW_MATCHES_CANDIDATES,
  SAVED_SEARCH_MESSAGES,
  SAVED_SEARCHES_PER_USER,
  type SavedSearch,
  type SavedSearchRecord,
  savedSearchFilter,
  timeMs,
  type UpdateSavedSearchRequest,
  SAVED_SEARCH_SCHEMA_VERSION,
} from '@skillers/domain';
import type { SavedSearchMatcher, SearchIndex } from '@skillers/search';
import { newId } from '@skillers/store';
import { SEARCH_INDEX } from '../core/tokens';
import { SavedSearchAlertsService } from './saved-search-alerts.service';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SAVED_SEARCH_MATCHER } from './saved-searches.tokens';

@Injectable()
export class SavedSearchesService {
  constructor(
    private readonly searches: SavedSearchesRepository,
    @Inject(SAVED_SEARCH_MATCHER) private readonly matcher: SavedSearchMatcher,
    @Inject(SEARCH_INDEX) private readonly index: SearchIndex,
    private readonly alerts: SavedSearchAlertsService,
  ) {}

  async list(ownerId: string): Promise<{ savedSearches: SavedSearch[] }> {
    const records = await this.searches.ownedBy(ownerId, SAVED_SEARCHES_PER_USER);
    return { savedSearches: await Promise.all(records.map((record) => this.withNewMatches(record))) };
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
    const criteria = {
      kind: body.kind,
      filters: body.activeFilters,
      restriction: body.filtering_restriction,
      ...(body.mustHave && { mustHave: body.mustHave }),
      ...(body.text && { text: body.text }),
    };
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

  /** Renames it or switches its alerts; the criteria never change. */
  async update(
    ownerId: string,
    id: string,
    body: UpdateSavedSearchRequest,
  ): Promise<{ message: string; savedSearch: SavedSearch }> {
    await this.owned(ownerId, id);
    if (body.name === undefined && body.alerts === undefined) {
      throw new BadRequestException(SAVED_SEARCH_MESSAGES.nothingToChange);
    }
    const updated = await this.searches.update(id, { ...body, updatedAt: new Date().toISOString() });
    if (!updated) throw new NotFoundException(SAVED_SEARCH_MESSAGES.notFound);
    // The matcher keeps the search current (the alerts thread reads names and switches from it).
    await this.matcher.put(updated);
    if (body.alerts !== undefined) this.alerts.forgetOwner(ownerId);
    return { message: SAVED_SEARCH_MESSAGES.updated, savedSearch: await this.withNewMatches(updated) };
  }

  async delete(ownerId: string, id: string): Promise<{ message: string; _id: string }> {
    await this.owned(ownerId, id);
    await this.searches.delete(id);
    await this.matcher.remove(id);
    return { message: SAVED_SEARCH_MESSAGES.deleted, _id: id };
  }

  /** Opening a search sees its matches: "N new" starts again from 0. */
  async view(ownerId: string, id: string): Promise<{ savedSearch: SavedSearch }> {
    await this.owned(ownerId, id);
    const viewed = await this.searches.update(id, { lastViewedAt: new Date().toISOString() });
    if (!viewed) throw new NotFoundException(SAVED_SEARCH_MESSAGES.notFound);
    return { savedSearch: toSavedSearch(viewed, 0) };
  }

  /** Someone else's search is as unknown as a missing one. */
  private async owned(ownerId: string, id: string): Promise<SavedSearchRecord> {
    const search = await this.searches.findById(id);
    if (!search || search.ownerId !== ownerId) throw new NotFoundException(SAVED_SEARCH_MESSAGES.notFound);
    return search;
  }

  private async withNewMatches(record: SavedSearchRecord): Promise<SavedSearch> {
    return toSavedSearch(record, await this.newMatches(record));
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

const toSavedSearch = (
  { ownerId: _owner, ...record }: SavedSearchRecord,
  newMatches: number,
): SavedSearch => ({
  ...record,
  newMatches,
});
