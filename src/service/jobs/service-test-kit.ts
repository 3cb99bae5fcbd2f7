import type { ManifestOrg } from '../seed/index';
import { callApi } from '../testing/http';
import { fullAccessKey } from '../testing/manifest-keys';
import type { TestService } from '../testing/test-service';

/** The active organisations of a seeded service, each with its all-scopes key that has no rate limit. */
export function activeOrgs(service: TestService): { org: ManifestOrg; key: string }[] {
  return (service.manifest?.orgs ?? []).filter((org) => org.active).map((org) => ({ org, key: fullAccessKey(org) }));
}

/** Polls a GET until `done` holds for its data; polling is how clients follow a job (interface, States). */
export async function pollUntil<T>(
  service: TestService,
  key: string,
  path: string,
  done: (data: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await callApi(service.baseUrl, path, { key });
    if (answer.status === 200 && done(answer.body.data as T)) return answer.body.data as T;
    if (Date.now() > deadline) throw new Error(`${path} did not settle: ${JSON.stringify(answer.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
