import { type AdminReportList, REPORT_STATUSES, type ReportStatus } from '@skillers/domain';
import { type Command, Option } from 'commander';
import { Console } from 'node:console';
import { adminClientFor, type ServerOptions, serverUrlOption } from './admin-target';
import type { CliContext } from './cli-context';
import { parseWholeNumber } from './whole-number.argument';

export interface ReportListOptions extends ServerOptions {
  status?: ReportStatus;
  page?: number;
  json?: boolean;
}

/** Long report texts and item titles are cut so the table stays readable; --json prints them whole. */
const TEXT_SHOWN = 60;
const cut = (text: string): string => (text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN - 1)}…` : text);

const writeReportTable = (list: AdminReportList, page: number, stream: NodeJS.WritableStream): void => {
  const out = new Console({ stdout: stream, stderr: stream });
  if (list.total === 0) {
    out.log('No reports.');
    return;
  }
  out.table(
    list.reports.map(
      ({ _id, targetKind, targetId, item, reason, text, status, reporterUsername, createdAt }) => ({
        id: _id,
        item: `${targetKind} ${targetId}`,
        about: item.state === 'visible' ? cut(item.title) : `${cut(item.title)} (${item.state})`,
        reason,
        text: cut(text),
        status,
        by: reporterUsername ?? '(account deleted)',
        createdAt,
      }),
    ),
  );
  out.log(
    `Page ${page} of ${list.pages} (${list.total} ${list.total === 1 ? 'report' : 'reports'}, newest first)`,
  );
};

/** The report queue, newest first, from the running server. */
export const listReportsCommand = async (options: ReportListOptions, context: CliContext): Promise<void> => {
  const page = options.page ?? 1;
  const list = await adminClientFor(options, context.env).reports({ status: options.status, page });
  if (options.json) context.stdout.write(`${JSON.stringify(list, null, 2)}\n`);
  else writeReportTable(list, page, context.stdout);
};

export const hideReportedCommand = async (
  id: string,
  options: ServerOptions,
  context: CliContext,
): Promise<void> => {
  const { message, report } = await adminClientFor(options, context.env).hideReported(id);
  context.stdout.write(`${message} (${report.targetKind} ${report.targetId})\n`);
};

export const restoreReportedCommand = async (
  id: string,
  options: ServerOptions,
  context: CliContext,
): Promise<void> => {
  const { message, report } = await adminClientFor(options, context.env).restoreReported(id);
  context.stdout.write(`${message} (${report.targetKind} ${report.targetId})\n`);
};

export const dismissReportCommand = async (
  id: string,
  options: ServerOptions,
  context: CliContext,
): Promise<void> => {
  const { message } = await adminClientFor(options, context.env).dismissReport(id);
  context.stdout.write(`${message}\n`);
};

export const registerReportsCommand = (program: Command, context: CliContext): void => {
  const reports = program
    .command('reports')
    .description('List the reported profiles, projects, posts, comments and conversations, newest first')
    .addOption(new Option('--status <status>', 'only reports in this state').choices(REPORT_STATUSES))
    .option('--page <number>', 'page of 12 reports (default: 1)', parseWholeNumber)
    .addOption(serverUrlOption())
    .option('--json', 'print the page as JSON, for scripts')
    .action(async (options: ReportListOptions) => {
      await listReportsCommand(options, context);
    });
  reports
    .command('hide')
    .description('Hide the reported item from every listing, search, detail page and the feed')
    .argument('<reportId>', 'the report id, as listed')
    .addOption(serverUrlOption())
    .action(async (id: string, options: ServerOptions) => {
      await hideReportedCommand(id, options, context);
    });
  reports
    .command('restore')
    .description('Put a hidden item back where it was, and dismiss the reports that hid it')
    .argument('<reportId>', 'a report that hid the item, as listed with --status hidden')
    .addOption(serverUrlOption())
    .action(async (id: string, options: ServerOptions) => {
      await restoreReportedCommand(id, options, context);
    });
  reports
    .command('dismiss')
    .description('Close a report without hiding anything')
    .argument('<reportId>', 'the report id, as listed')
    .addOption(serverUrlOption())
    .action(async (id: string, options: ServerOptions) => {
      await dismissReportCommand(id, options, context);
    });
};
