import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressKind, isAllowedAddress, type PrivateTargets } from '../domain/webhook-address.ts';
import { guardedLookup } from './webhook-target.ts';

export interface PostOptions {
  timeoutMs: number;
  allow: PrivateTargets;
  /** Aborts the POST (a gateway stopping). */
  signal: AbortSignal;
}

/** One attempt's outcome: a 2xx is a success; anything else, or no answer, a failure. */
export interface PostOutcome {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/**
 * POSTs one webhook. Redirects are not followed (a 3xx is a failure): a redirect could
 * send the signed body to an address the checks never saw. The response body is read and
 * dropped; only its status counts.
 */
export function postWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const url = new URL(target);
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal)) {
    const kind = addressKind(literal);
    if (!isAllowedAddress(kind, options.allow))
      return Promise.resolve({ ok: false, status: null, error: `refused: ${kind} address ${literal}` });
  }
  const client = url.protocol === 'https:' ? https : http;
  const signal = AbortSignal.any([options.signal, AbortSignal.timeout(options.timeoutMs)]);
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: guardedLookup(options.allow),
        signal,
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.resume();
        response.on('end', () =>
          resolve(
            status >= 200 && status < 300
              ? { ok: true, status, error: null }
              : { ok: false, status, error: `HTTP ${status}` },
          ),
        );
        response.on('error', (error) => resolve({ ok: false, status, error: describe(error, options) }));
      },
    );
    request.on('error', (error) => resolve({ ok: false, status: null, error: describe(error, options) }));
    request.end(body);
  });
}

function describe(error: Error, options: PostOptions): string {
  if (error.name === 'AbortError' || (error as { code?: string }).code === 'ABORT_ERR')
    return options.signal.aborted ? 'aborted: the gateway stopped' : `timeout after ${options.timeoutMs} ms`;
  return error.message.slice(0, 500);
}
