export interface ApiCall {
  key?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  body: any;
}

/** One request to a running service, answer parsed as JSON (every answer of the service is JSON). */
export async function callApi(baseUrl: string, path: string, call: ApiCall = {}): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...call.headers };
  if (call.key !== undefined) headers.Authorization = `Bearer ${call.key}`;
  if (call.body !== undefined) headers['Content-Type'] ??= 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method: call.method ?? 'GET', headers, body: call.body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}
