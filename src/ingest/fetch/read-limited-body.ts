/**
 * Reads a response body as UTF-8 text without ever holding more than `maxBytes`: a
 * misconfigured board (or a hostile one) must not be able to exhaust memory, so the
 * limit is checked on the declared Content-Length and again while streaming, since the
 * header may be absent (chunked) or lie.
 */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError';
  readonly limit: number;
  constructor(limit: number) {
    super(`response body exceeds ${limit} bytes`);
    this.limit = limit;
  }
}

export async function readLimitedBody(res: Response, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (res.body === null) return '';

  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder('utf-8').decode(bytes);
}
