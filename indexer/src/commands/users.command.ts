import type { Command } from 'commander';
import { writeFile } from 'node:fs/promises';
import { adminClientFor, type ServerOptions, serverUrlOption } from './admin-target';
import type { CliContext } from './cli-context';

export interface ExportOptions extends ServerOptions {
  out?: string;
}

/** The account's data as JSON, to stdout or to the file named with --out (written only once complete). */
export const exportAccountCommand = async (
  email: string,
  options: ExportOptions,
  context: CliContext,
): Promise<void> => {
  const data = await adminClientFor(options, context.env).exportAccount(email);
  const json = `${JSON.stringify(data, null, 2)}\n`;
  if (!options.out) {
    context.stdout.write(json);
    return;
  }
  await writeFile(options.out, json, { mode: 0o600 });
  context.stdout.write(`Wrote the data of ${email} to ${options.out}\n`);
};

export const deleteAccountCommand = async (
  email: string,
  options: ServerOptions,
  context: CliContext,
): Promise<void> => {
  const { message, userId } = await adminClientFor(options, context.env).deleteAccount(email);
  context.stdout.write(`${message} (${email}, ${userId})\n`);
};

export const registerUsersCommand = (program: Command, context: CliContext): void => {
  const users = program.command('users').description("Export or delete a user's account, by email");
  users
    .command('export')
    .description('Print everything kept about the account as JSON, as its owner downloads it')
    .argument('<email>', 'the account’s email')
    .option('--out <file>', 'write the JSON to this file instead of printing it')
    .addOption(serverUrlOption())
    .action(async (email: string, options: ExportOptions) => {
      await exportAccountCommand(email, options, context);
    });
  users
    .command('delete')
    .description(
      'Delete the account: its profile and projects leave search, its posts, comments, likes and saved items go; messages it sent stay for the other party',
    )
    .argument('<email>', 'the account’s email')
    .addOption(serverUrlOption())
    .action(async (email: string, options: ServerOptions) => {
      await deleteAccountCommand(email, options, context);
    });
};
