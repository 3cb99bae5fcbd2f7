import type { Analysis, Scoring } from '../../shared/api/jobs';
import type { ManifestOrg } from '../../shared/manifest';
import type { TestReceiver } from '../launch/test-receiver';
import { callApi } from './http';
import { fullAccessKey } from './manifest-keys';
import { startTestService, type TestService } from './test-service';

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

/** Starts an analysis of the call and follows it until it completes or fails. */
export async function analyseUntilDone(service: TestService, key: string, videoId: string): Promise<Analysis> {
  const started = await callApi(service.baseUrl, `/v1/videos/${videoId}/analyses`, { key, method: 'POST' });
  return pollUntil<Analysis>(
    service,
    key,
    `/v1/videos/${videoId}/analyses/${started.body.data.id}`,
    (analysis) => analysis.status !== 'processing',
  );
}

/** Starts a scoring of the deal and follows it until it completes or fails. */
export async function scoreUntilDone(service: TestService, key: string, dealId: string): Promise<Scoring> {
  const started = await callApi(service.baseUrl, `/v1/deals/${dealId}/scorings`, { key, method: 'POST' });
  return pollUntil<Scoring>(
    service,
    key,
    `/v1/deals/${dealId}/scorings/${started.body.data.id}`,
    (scoring) => scoring.status !== 'processing',
  );
}

export interface ServiceWithReceiver {
  service: TestService;
  /** The first active organisation, whose allowlist holds the receiver's hostname. */
  orgId: string;
  key: string;
}

/**
 * A seeded service that delivers webhooks to `receiver` under its hostname: the receiver's CA
 * trusted, the name resolved to loopback, its port open, and the name on the first active
 * organisation's allowlist.
 */
export async function startServiceWithReceiver(
  receiver: TestReceiver,
  serveArgs: string[] = [],
): Promise<ServiceWithReceiver> {
  const service = await startTestService({
    serveArgs: [
      ...serveArgs,
      '--webhook-ca',
      receiver.caFile,
      '--webhook-resolve',
      `${receiver.hostname}=127.0.0.1`,
      '--webhook-port',
      String(receiver.port),
    ],
  });
  const [mine] = activeOrgs(service);
  await service.cli(['allowlist', 'set', '--org', mine!.org.id, receiver.hostname]);
  return { service, orgId: mine!.org.id, key: mine!.key };
}
