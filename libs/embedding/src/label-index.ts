import { VOCABULARIES, VOCABULARY_VERSION, type VocabularyKey } from '@skillers/domain';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Embedder } from './embedder/embedder.port';

/**
 * The vocabularies `/ml` matches by meaning. Tools, languages, countries and working types are matched by
 * name only: names of technologies, languages and places carry little meaning a sentence model can use
 * (the static model reads "React" or "Swift" as everyday words), and a near miss there is plainly wrong.
 */
export const SEMANTIC_VOCABULARIES = [
  'projectType',
  'productType',
  'role',
  'softSkill',
  'industry',
  'reward',
  'compensationBasis',
] as const satisfies readonly VocabularyKey[];
export type SemanticVocabulary = (typeof SEMANTIC_VOCABULARIES)[number];

export interface LabelVector {
  label: string;
  vector: number[];
}

interface LabelCacheFile {
  model: string;
  vocabularyVersion: string;
  labels: Record<SemanticVocabulary, LabelVector[]>;
}

/** Six decimals keep cosine scores exact to well below the three the API shows, at half the file size. */
const compact = (vector: number[]): number[] => vector.map((value) => Math.round(value * 1e6) / 1e6);

/** `<cacheDir>/<model id>/<vocabulary version>.json`; a model id never climbs out of the cache folder. */
export const labelCachePath = (cacheDir: string, modelId: string): string =>
  join(
    cacheDir,
    ...modelId.split('/').filter((part) => part !== '' && part !== '.' && part !== '..'),
    `${VOCABULARY_VERSION}.json`,
  );

const readCache = async (path: string, modelId: string): Promise<LabelCacheFile | undefined> => {
  try {
    const file = JSON.parse(await readFile(path, 'utf8')) as LabelCacheFile;
    return file.model === modelId && file.vocabularyVersion === VOCABULARY_VERSION ? file : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A vector for every label of the semantic vocabularies, computed once per model and vocabulary version
 * and kept on disk, so a restart does not embed about a thousand labels again.
 */
export class LabelIndex {
  private constructor(
    readonly modelId: string,
    private readonly labels: Record<SemanticVocabulary, LabelVector[]>,
  ) {}

  static async open(embedder: Embedder, cacheDir?: string): Promise<LabelIndex> {
    const path = cacheDir === undefined ? undefined : labelCachePath(cacheDir, embedder.modelId);
    const cached = path === undefined ? undefined : await readCache(path, embedder.modelId);
    if (cached) return new LabelIndex(embedder.modelId, cached.labels);
    const all = SEMANTIC_VOCABULARIES.flatMap((key) => VOCABULARIES[key].map((label) => ({ key, label })));
    const vectors = await embedder.embed(all.map(({ label }) => label));
    const labels = Object.fromEntries(SEMANTIC_VOCABULARIES.map((key) => [key, []])) as unknown as Record<
      SemanticVocabulary,
      LabelVector[]
    >;
    all.forEach(({ key, label }, index) => labels[key].push({ label, vector: compact(vectors[index]) }));
    if (path !== undefined) {
      const file: LabelCacheFile = { model: embedder.modelId, vocabularyVersion: VOCABULARY_VERSION, labels };
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      await writeFile(`${path}.tmp`, JSON.stringify(file));
      await rename(`${path}.tmp`, path);
    }
    return new LabelIndex(embedder.modelId, labels);
  }

  vectors(key: SemanticVocabulary): readonly LabelVector[] {
    return this.labels[key];
  }
}
