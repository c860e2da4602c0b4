import { invalidVariable } from '@skillers/domain';
import { DEFAULT_EMBEDDER_MODEL } from '@skillers/embedding';

export interface ClusterSettings {
  elasticsearchUrl: string;
  redisUrl?: string;
}

const checkedUrl = (name: string, value: string | undefined, protocols: readonly string[]) => {
  const url = value?.trim() || undefined;
  if (url && !(URL.canParse(url) && protocols.includes(new URL(url).protocol))) {
    throw invalidVariable(
      name,
      url,
      `must be a URL starting with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`,
    );
  }
  return url;
};

/**
 * The cluster a command can work on directly, from the variables the services read: set when
 * `ELASTICSEARCH_URL` is, since only Elasticsearch's alias swap is shared between processes (the embedded
 * index lives inside the server). The records come from `storeSettingsFromEnv`.
 */
export const clusterSettingsFromEnv = (env: NodeJS.ProcessEnv): ClusterSettings | undefined => {
  const elasticsearchUrl = checkedUrl('ELASTICSEARCH_URL', env.ELASTICSEARCH_URL, ['http:', 'https:']);
  const redisUrl = checkedUrl('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']);
  return elasticsearchUrl ? { elasticsearchUrl, redisUrl } : undefined;
};

/** The embedder service (`EMBEDDER_URL`, optional) and the model it must run, as the API reads them. */
export const embedderSettingsFromEnv = (
  env: NodeJS.ProcessEnv,
): { embedderUrl?: string; embedderModel: string } => ({
  embedderUrl: checkedUrl('EMBEDDER_URL', env.EMBEDDER_URL, ['http:', 'https:']),
  embedderModel: env.EMBEDDER_MODEL?.trim() || DEFAULT_EMBEDDER_MODEL,
});
