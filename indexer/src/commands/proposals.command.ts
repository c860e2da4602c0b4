import { PROPOSABLE_FILTER_TYPES, type PropositionList } from '@skillers/domain';
import { type Command, Option } from 'commander';
import { Console } from 'node:console';
import { adminClientFor, type ServerOptions, serverUrlOption } from './admin-target';
import type { CliContext } from './cli-context';
import { parseWholeNumber } from './whole-number.argument';

export interface ProposalListOptions extends ServerOptions {
  type?: string;
  page?: number;
  json?: boolean;
}

const writeProposalTable = (list: PropositionList, page: number, stream: NodeJS.WritableStream): void => {
  const out = new Console({ stdout: stream, stderr: stream });
  if (list.total === 0) {
    out.log('No proposals.');
    return;
  }
  out.table(
    list.propositions.map(({ _id, filterType, proposition, username, createdAt }) => ({
      id: _id,
      filterType,
      proposition,
      by: username ?? '(account deleted)',
      createdAt,
    })),
  );
  out.log(
    `Page ${page} of ${list.pages} (${list.total} ${list.total === 1 ? 'proposal' : 'proposals'}, newest first)`,
  );
};

/** The filter options users proposed, newest first, from the running server. */
export const listProposalsCommand = async (
  options: ProposalListOptions,
  context: CliContext,
): Promise<void> => {
  const page = options.page ?? 1;
  const list = await adminClientFor(options, context.env).propositions({ filterType: options.type, page });
  if (options.json) context.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  else writeProposalTable(list, page, context.stdout);
};

export const dismissProposalCommand = async (
  id: string,
  options: ServerOptions,
  context: CliContext,
): Promise<void> => {
  await adminClientFor(options, context.env).dismissProposition(id);
  context.stdout.write(`Dismissed proposal ${id}.\n`);
};

export const registerProposalsCommand = (program: Command, context: CliContext): void => {
  const proposals = program.command('proposals').description('Review the filter options users proposed');
  proposals
    .command('list')
    .description('List stored proposals, newest first')
    .addOption(
      new Option('--type <filterType>', 'only proposals for this filter').choices(PROPOSABLE_FILTER_TYPES),
    )
    .option('--page <number>', 'page of 12 proposals (default: 1)', parseWholeNumber)
    .addOption(serverUrlOption())
    .option('--json', 'print the page as JSON, for scripts')
    .action(async (options: ProposalListOptions) => {
      await listProposalsCommand(options, context);
    });
  proposals
    .command('dismiss')
    .description('Remove a proposal once it has been dealt with')
    .argument('<id>', 'the proposal id, as listed')
    .addOption(serverUrlOption())
    .action(async (id: string, options: ServerOptions) => {
      await dismissProposalCommand(id, options, context);
    });
};
