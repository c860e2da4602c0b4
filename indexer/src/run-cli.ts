import { Command, CommanderError } from 'commander';
import type { CliContext } from './commands/cli-context';
import { registerJobsCommand } from './commands/jobs.command';
import { registerProposalsCommand } from './commands/proposals.command';
import { registerReindexCommand } from './commands/reindex.command';
import { registerReportsCommand } from './commands/reports.command';
import { registerSeedCommand } from './commands/seed.command';
import { registerStatsCommand } from './commands/stats.command';
import { registerUsersCommand } from './commands/users.command';

/** The admin command line; each command lives in its own module under `commands/` and registers itself. */
const createProgram = (context: CliContext): Command => {
  const program = new Command('skillers')
    .description(
      'Skillers administration: demo data, search index, statistics, jobs, proposals, reports and accounts',
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.stdout.write(text),
      writeErr: (text) => context.stderr.write(text),
    });
  registerSeedCommand(program, context);
  registerReindexCommand(program, context);
  registerStatsCommand(program, context);
  registerJobsCommand(program, context);
  registerProposalsCommand(program, context);
  registerReportsCommand(program, context);
  registerUsersCommand(program, context);
  return program;
};

/**
 * Runs one command and resolves to the exit code. Argument errors are reported by commander itself; any
 * other failure becomes one line, since a stack trace helps nobody running an admin command.
 */
export const runCli = async (args: readonly string[], context: CliContext): Promise<number> => {
  try {
    await createProgram(context).parseAsync([...args], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    context.stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
};
