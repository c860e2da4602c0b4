import { InvalidArgumentError, Option } from 'commander';
import { AdminClient } from '../admin-client/admin-client';
import { adminCredentialsFromEnv } from '../admin-client/admin-token';
import { type ClusterSettings, clusterSettingsFromEnv } from '../config/cluster-settings';

export interface ServerOptions {
  url?: string;
}

/** The address the server listens on by default: `PORT` and `HOST` as the server reads them. */
export const defaultServerUrl = (env: NodeJS.ProcessEnv): string => {
  const port = env.PORT?.trim() || '3000';
  const host = env.HOST?.trim();
  // A server listening on every interface is reached on loopback.
  const reachable = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
};

const parseServerUrl = (value: string): string => {
  if (!URL.canParse(value) || !['http:', 'https:'].includes(new URL(value).protocol)) {
    throw new InvalidArgumentError('It must be an http:// or https:// address.');
  }
  return value;
};

export const serverUrlOption = (): Option =>
  new Option(
    '--url <url>',
    'address of the running server (default: http://127.0.0.1:${PORT:-3000})',
  ).argParser(parseServerUrl);

/** The running server's admin API, at `--url` or the default address, with the admin token. */
export const adminClientFor = ({ url }: ServerOptions, env: NodeJS.ProcessEnv): AdminClient =>
  new AdminClient(url ?? defaultServerUrl(env), adminCredentialsFromEnv(env));

/**
 * The cluster to work on directly, when `ELASTICSEARCH_URL` is set and no `--url` asks for a server: the
 * alias swap is atomic across processes, so no server has to take part.
 */
export const directCluster = ({ url }: ServerOptions, env: NodeJS.ProcessEnv): ClusterSettings | undefined =>
  url ? undefined : clusterSettingsFromEnv(env);
