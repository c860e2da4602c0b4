import { loadEnvironment, variable } from '@skillers/domain';
import { embedderServiceVariables } from '@skillers/embedding';

export interface ClusterSettings {
  elasticsearchUrl: string;
  redisUrl?: string;
}

const clusterVariables = {
  ELASTICSEARCH_URL: variable.url(['http:', 'https:']).optional(),
  REDIS_URL: variable.url(['redis:', 'rediss:']).optional(),
};

/**
 * The cluster a command can work on directly, from the variables the services read: set when
 * `ELASTICSEARCH_URL` is, since only Elasticsearch's alias swap is shared between processes (the embedded
 * index lives inside the server). The records come from `storeSettingsFromEnv`.
 */
export const clusterSettingsFromEnv = (env: NodeJS.ProcessEnv): ClusterSettings | undefined => {
  const vars = loadEnvironment(clusterVariables, env);
  return vars.ELASTICSEARCH_URL
    ? { elasticsearchUrl: vars.ELASTICSEARCH_URL, redisUrl: vars.REDIS_URL }
    : undefined;
};

/** The embedder service (`EMBEDDER_URL`, optional) and the model it must run, as the API reads them. */
export const embedderSettingsFromEnv = (
  env: NodeJS.ProcessEnv,
): { embedderUrl?: string; embedderModel: string } => {
  const vars = loadEnvironment(embedderServiceVariables, env);
  return { embedderUrl: vars.EMBEDDER_URL, embedderModel: vars.EMBEDDER_MODEL };
};
