/**
 * Webhook retries (README "Webhooks"): exponential backoff with full jitter, so endpoints
 * that failed together do not all come back at the same moment. The delay before attempt
 * n+1 is uniform in [base·2^(n-1) / 2, base·2^(n-1)], capped at `maxMs`; with the defaults
 * (5 s base, 1 h cap) that is 5 s, 10 s, 20 s … about an hour, then hourly until the
 * delivery is WEBHOOK_RETRY_HOURS old.
 */
export interface RetryPolicy {
  baseMs: number;
  maxMs: number;
}

export function retryDelayMs(
  attempts: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const exp = policy.baseMs * 2 ** Math.min(Math.max(attempts - 1, 0), 30);
  const ceiling = Math.min(exp, policy.maxMs);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
