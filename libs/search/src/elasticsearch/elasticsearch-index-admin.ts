import type { Client, estypes } from '@elastic/elasticsearch';
import { SEARCH_KINDS, type SearchKind } from '@skillers/domain';
import { sameVectorSpace, type VectorSpace } from '../vector-space';
import { isResponseError } from './elasticsearch-client';
import { ADDED_PROPERTIES, searchIndexMappings } from './elasticsearch-mapping';
import type { IndexNames } from './elasticsearch-writes';
import { generationIndexName, INITIAL_TAG, recordedVectorSpace, vectorSpaceMeta } from './index-naming';
import { searchIndexSettings } from './source-vectors';

/** How long the model a live generation was built for is trusted before it is read again. */
const LIVE_SPACE_TTL_MS = 5_000;

const isAlreadyExists = (error: unknown): boolean =>
  isResponseError(error) &&
  (error.body as { error?: { type?: string } } | undefined)?.error?.type ===
    'resource_already_exists_exception';

const randomTag = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * The indices and aliases of the Elasticsearch adapter: one alias per kind, the indices of each generation
 * behind it, their creation and the atomic swap, and the model each live generation was built for.
 */
export class ElasticsearchIndexAdmin {
  /** The model each kind's live generation was built for, as last read, and when. */
  private liveSpaces?: { spaces: Record<SearchKind, VectorSpace | undefined>; readAt: number };

  constructor(
    private readonly client: Client,
    private readonly prefix: string,
    /** The server's version, which decides how vectors are kept in `_source`. */
    private readonly serverVersion: string,
    private readonly vectorDims: number,
    private readonly vectorSpace: VectorSpace | undefined,
  ) {}

  alias(kind: SearchKind): string {
    return `${this.prefix}-${kind}`;
  }

  aliases(): IndexNames {
    return { project: this.alias('project'), teammate: this.alias('teammate') };
  }

  /** Makes sure both aliases exist, creating a first index for each when missing. */
  async ensureAliases(): Promise<void> {
    for (const kind of SEARCH_KINDS) {
      if (await this.client.indices.existsAlias({ name: this.alias(kind) })) {
        // Indices created before the added fields get them (adding fields to a mapping is allowed).
        await this.client.indices.putMapping({ index: this.alias(kind), properties: ADDED_PROPERTIES });
        continue;
      }
      // A fixed first name: when two processes start at once, one creates it and the other finds it.
      try {
        await this.createIndex(
          generationIndexName(this.alias(kind), this.vectorSpace, INITIAL_TAG),
          this.alias(kind),
        );
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
    }
  }

  /** The indices of a new generation, created empty. */
  async createGeneration(): Promise<IndexNames> {
    const tag = randomTag();
    const names = Object.fromEntries(
      SEARCH_KINDS.map((kind) => [kind, generationIndexName(this.alias(kind), this.vectorSpace, tag)]),
    ) as IndexNames;
    for (const kind of SEARCH_KINDS) await this.createIndex(names[kind]);
    return names;
  }

  private async createIndex(index: string, alias?: string): Promise<void> {
    await this.client.indices.create({
      index,
      settings: searchIndexSettings(this.serverVersion),
      mappings: {
        ...searchIndexMappings(this.vectorDims),
        ...(this.vectorSpace && { _meta: { ...vectorSpaceMeta(this.vectorSpace) } }),
      },
      ...(alias ? { aliases: { [alias]: {} } } : {}),
    });
  }

  /** The model each kind's live generation was built for, from its `_meta`, read again when stale. */
  async readLiveSpaces(fresh = false): Promise<Record<SearchKind, VectorSpace | undefined>> {
    if (!fresh && this.liveSpaces && Date.now() - this.liveSpaces.readAt < LIVE_SPACE_TTL_MS) {
      return this.liveSpaces.spaces;
    }
    const mappings = await this.client.indices.getMapping({ index: Object.values(this.aliases()) });
    const spaces = Object.fromEntries(
      SEARCH_KINDS.map((kind) => {
        const alias = this.alias(kind);
        const found = Object.entries(mappings)
          .filter(([index]) => index.startsWith(`${alias}-`))
          .map(([index, { mappings: mapping }]) => recordedVectorSpace(index, alias, mapping._meta));
        // Every index behind the alias must agree; there is one outside a swap.
        const [first] = found;
        return [
          kind,
          found.length > 0 && found.every((space) => sameVectorSpace(space, first)) ? first : undefined,
        ];
      }),
    ) as Record<SearchKind, VectorSpace | undefined>;
    this.liveSpaces = { spaces, readAt: Date.now() };
    return spaces;
  }

  /** Points each alias at the new index and deletes the indices it pointed at, in one atomic update. */
  async swapAliases(names: IndexNames): Promise<void> {
    const current = await this.client.indices.getAlias({ name: Object.values(this.aliases()) });
    const actions: estypes.IndicesUpdateAliasesAction[] = [];
    for (const kind of SEARCH_KINDS) {
      actions.push({ add: { index: names[kind], alias: this.alias(kind) } });
      for (const [index, { aliases }] of Object.entries(current)) {
        if (this.alias(kind) in aliases) actions.push({ remove_index: { index } });
      }
    }
    await this.client.indices.updateAliases({ actions });
  }

  /** Forgets the live models read, so the next read asks the cluster (after a swap). */
  forgetLiveSpaces(): void {
    this.liveSpaces = undefined;
  }
}
