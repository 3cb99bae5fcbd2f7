/** A key limited to `requests` per `seconds` (token bucket; only keys issued with a limit have one). */
export interface RateLimit {
  requests: number;
  seconds: number;
}
