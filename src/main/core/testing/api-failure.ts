import { expect } from 'vitest';
import { ApiError } from '../service-client/api-client/api-error';

/** The ApiError a call fails with; the test fails if it succeeds or throws anything else. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
