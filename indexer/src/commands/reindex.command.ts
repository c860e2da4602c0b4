import { SEARCH_KINDS, type SearchKind } from '@skillers/domain';
import { carryOverEmbedder, openReindexLock, rebuildIndex, REINDEX_LOCK_NAME } from '@skillers/indexing';
import { type Command, Option } from 'commander';
import type { ClusterSettings } from '../config/cluster-settings';
import { adminClientFor, directCluster, type ServerOptions, serverUrlOption } from './admin-target';
import type { CliContext } from './cli-context';
import { openClusterPorts } from './cluster-ports';
import { KIND_LABELS, ReindexProgress } from './reindex-progress';

export interface ReindexCommandOptions extends ServerOptions {
  kind?: SearchKind;
}

interface ReindexOutcome {
  counts: Record<SearchKind, number>;
  ms: number;
  version: number | null;
}

const summary = ({ counts, ms, version }: ReindexOutcome, kind?: SearchKind): string => {
  const seconds = `${(ms / 1000).toFixed(1)} s`;
  const live = version === null ? 'the new index is live' : `the new index is live as version ${version}`;
  if (!kind) {
    return `Reindexed ${counts.project} projects and ${counts.teammate} skiller profiles in ${seconds}; ${live}.`;
  }
  const [other] = SEARCH_KINDS.filter((candidate) => candidate !== kind);
  return (
    `Reindexed ${counts[kind]} ${KIND_LABELS[kind]} (${counts[other]} ${KIND_LABELS[other]} carried over ` +
    `from the store) in ${seconds}; ${live}.`
  );
};

/** Rebuilds the cluster's Elasticsearch indexes from its store, from this process. */
const reindexCluster = async (
  cluster: ClusterSettings,
  kind: SearchKind | undefined,
  context: CliContext,
  progress: ReindexProgress,
): Promise<ReindexOutcome> => {
  const warn = (line: string) => context.stderr.write(`${line}\n`);
  const ports = await openClusterPorts(cluster, context.env, warn);
  const lock = openReindexLock(cluster.redisUrl, ports.store);
  const lease = await lock.tryAcquire(REINDEX_LOCK_NAME).catch(async (error: unknown) => {
    await lock.close();
    await ports.close();
    throw error;
  });
  if (!lease) {
    await lock.close();
    await ports.close();
    throw new Error('A reindex is already running on this cluster (its lock is held); wait for it to finish');
  }
  try {
    const status = await ports.index.vectorStatus();
    // Without the service, vectors the live index holds for the configured model and unchanged text are kept.
    const embedder =
      ports.embedder ??
      (status &&
        carryOverEmbedder(status.configured.model, 'EMBEDDER_URL is unset, so no embedder is at hand'));
    let embedFailureReported = false;
    const startedAt = Date.now();
    const counts = await rebuildIndex(ports.store, ports.index, {
      kinds: kind ? [kind] : undefined,
      lease,
      onProgress: progress.update,
      embedder,
      onEmbedFailure: (error) => {
        // Once per reindex: every later batch would only repeat the same cause.
        if (embedFailureReported) return;
        embedFailureReported = true;
        warn(
          `Records without a vector of the configured model are indexed without one ` +
            `(${error instanceof Error ? error.message : String(error)}); reindex again once the embedder answers`,
        );
      },
    });
    return { counts, ms: Date.now() - startedAt, version: null };
  } finally {
    await lease.release();
    await lock.close();
    await ports.close();
  }
};

/**
 * Builds a new index beside the live one and swaps it in: through the running server, which holds the
 * embedded index in its memory, or directly on a cluster's Elasticsearch.
 */
export const reindexCommand = async (options: ReindexCommandOptions, context: CliContext): Promise<void> => {
  const cluster = directCluster(options, context.env);
  const progress = new ReindexProgress(context.stdout);
  let outcome: ReindexOutcome;
  try {
    outcome = cluster
      ? await reindexCluster(cluster, options.kind, context, progress)
      : await adminClientFor(options, context.env).reindex(options.kind, progress.update);
  } finally {
    progress.stop();
  }
  context.stdout.write(`${summary(outcome, options.kind)}\n`);
};

export const registerReindexCommand = (program: Command, context: CliContext): void => {
  program
    .command('reindex')
    .description('Build a fresh search index beside the live one and swap it in')
    .addOption(
      new Option('--kind <kind>', 'rebuild one kind; the other is carried over from the store').choices(
        SEARCH_KINDS,
      ),
    )
    .addOption(serverUrlOption())
    .action(async (options: ReindexCommandOptions) => {
      await reindexCommand(options, context);
    });
};
