import { Injectable } from '@nestjs/common';
import {
  FILTER_KEYS,
  type FilterKey,
  TOOLS,
  type ToolOption,
  VOCABULARIES,
  VOCABULARY_VERSION,
  type VocabularyKey,
} from '@skillers/domain';

export interface OptionsCatalogue {
  version: string;
  filterKeys: readonly FilterKey[];
  options: Record<Exclude<VocabularyKey, 'tool'>, readonly string[]> & { tool: readonly ToolOption[] };
}

const buildCatalogue = (): OptionsCatalogue => ({
  version: VOCABULARY_VERSION,
  filterKeys: FILTER_KEYS,
  options: {
    ...VOCABULARIES,
    tool: TOOLS.map(({ name, category, viewWeight, aliases }) => ({ name, category, viewWeight, aliases })),
  },
});

/** True when an If-None-Match header names `etag` (weak or strong) or is the wildcard. */
const namesEtag = (ifNoneMatch: string, etag: string): boolean =>
  ifNoneMatch
    .split(',')
    .map((candidate) => candidate.trim().replace(/^W\//, ''))
    .some((candidate) => candidate === etag || candidate === '*');

/**
 * The option lists the filter panels and forms read. They only change with a release, so the answer is
 * built and serialised once and clients revalidate it by its version.
 */
@Injectable()
export class OptionsService {
  readonly etag = `"${VOCABULARY_VERSION}"`;
  readonly cacheControl = 'public, max-age=3600';
  private readonly serialised = JSON.stringify(buildCatalogue());

  /** The catalogue as JSON text. */
  body(): string {
    return this.serialised;
  }

  /** Whether the client's cached copy, named by its If-None-Match header, is still current. */
  isCurrent(ifNoneMatch: string | undefined): boolean {
    return ifNoneMatch !== undefined && namesEtag(ifNoneMatch, this.etag);
  }
}
