/**
 * A permanent failure with the `error.code` the analysis or scoring will show
 * (`transcript_unavailable`, `injected_failure`). Any other error is unexpected and retried.
 */
export class JobFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'JobFailure';
  }
}
