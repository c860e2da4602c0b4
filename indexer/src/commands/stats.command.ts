import type { AdminStats } from '@skillers/domain';
import { readAdminStats } from '@skillers/indexing';
import type { Command } from 'commander';
import type { ClusterSettings } from '../config/cluster-settings';
import {
  adminClientFor,
  defaultServerUrl,
  directCluster,
  type ServerOptions,
  serverUrlOption,
} from './admin-target';
import type { CliContext } from './cli-context';
import { openClusterPorts } from './cluster-ports';
import { writeStatsReport } from './stats-report';

export interface StatsCommandOptions extends ServerOptions {
  json?: boolean;
}

const readClusterStats = async (cluster: ClusterSettings, env: NodeJS.ProcessEnv): Promise<AdminStats> => {
  const ports = await openClusterPorts(cluster, env);
  try {
    return await readAdminStats({ ...ports, version: null });
  } finally {
    await ports.close();
  }
};

/** Documents per kind, records, queue depth and failed jobs: from the running server, or a cluster directly. */
export const statsCommand = async (options: StatsCommandOptions, context: CliContext): Promise<void> => {
  const cluster = directCluster(options, context.env);
  const stats = cluster
    ? await readClusterStats(cluster, context.env)
    : await adminClientFor(options, context.env).stats();
  if (options.json) {
    context.stdout.write(`${JSON.stringify(stats, null, 2)}\n`);
    return;
  }
  const source = cluster ? cluster.elasticsearchUrl : (options.url ?? defaultServerUrl(context.env));
  writeStatsReport(stats, source, context.stdout);
};

export const registerStatsCommand = (program: Command, context: CliContext): void => {
  program
    .command('stats')
    .description('Show documents per kind, stored records, queue depth and failed jobs')
    .addOption(serverUrlOption())
    .option('--json', 'print the figures as JSON, for scripts')
    .action(async (options: StatsCommandOptions) => {
      await statsCommand(options, context);
    });
};
