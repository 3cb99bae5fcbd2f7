import { type Command, commands } from './cli/commands';
import { UsageError } from './cli/usage-error';

function findCommand(argv: string[]): { command: Command; args: string[] } | undefined {
  const [first = '', second = ''] = argv;
  const twoWords = commands[`${first} ${second}`];
  if (twoWords) return { command: twoWords, args: argv.slice(2) };
  const oneWord = commands[first];
  return oneWord && { command: oneWord, args: argv.slice(1) };
}

function isUsageError(error: unknown): error is Error {
  return (
    error instanceof UsageError ||
    (error instanceof Error && String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS'))
  );
}

/** Bad usage: one line on stderr, exit 2. Anything else unexpected: exit 1. */
async function main(argv: string[]): Promise<void> {
  const found = findCommand(argv);
  if (!found) {
    throw new UsageError(
      `unknown command "${argv.slice(0, 2).join(' ')}"; commands: ${Object.keys(commands).join(', ')}`,
    );
  }
  await found.command(found.args);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (isUsageError(error)) {
    console.error(`error: ${error.message.replaceAll('\n', ' ')}`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
