/** Bad command-line usage: the CLI prints the message as one line on stderr and exits 2. */
export class UsageError extends Error {}
