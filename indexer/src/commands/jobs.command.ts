import type { Command } from 'commander';
import { adminClientFor, directCluster, type ServerOptions, serverUrlOption } from './admin-target';
import type { CliContext } from './cli-context';
import { openReadyQueue } from '../config/server-connections';

/** Enqueues every failed job again, through the server or directly on the cluster's Redis. */
export const retryFailedCommand = async (options: ServerOptions, context: CliContext): Promise<void> => {
  const cluster = directCluster(options, context.env);
  let retried: number;
  if (cluster) {
    if (!cluster.redisUrl) throw new Error("Set REDIS_URL to retry the cluster's failed jobs");
    const queue = await openReadyQueue(cluster.redisUrl);
    try {
      retried = await queue.retryFailed();
    } finally {
      await queue.close();
    }
  } else {
    ({ retried } = await adminClientFor(options, context.env).retryFailedJobs());
  }
  context.stdout.write(`Retried ${retried} failed ${retried === 1 ? 'job' : 'jobs'}.\n`);
};

export const registerJobsCommand = (program: Command, context: CliContext): void => {
  const jobs = program.command('jobs').description('Background jobs of the index pipeline');
  jobs
    .command('retry-failed')
    .description('Enqueue every failed job again')
    .addOption(serverUrlOption())
    .action(async (options: ServerOptions) => {
      await retryFailedCommand(options, context);
    });
};
