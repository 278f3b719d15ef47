import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '../domain/errors.ts';

/**
 * Errors that happen before any route runs, in the one error shape: Node's HTTP parser
 * (a body that never finishes arriving, headers over the size limit, conflicting
 * Content-Length and Transfer-Encoding) and Fastify's router (a URL that does not
 * decode, such as `/%`). Left alone, each came out in Node's or Fastify's own shape.
 */
function body(code: ErrorCode, message: string): string {
  return JSON.stringify({ success: false, error: { code, message, details: [] } });
}

/** Fastify's clientErrorHandler: the connection cannot be trusted any more, so it is closed. */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message]: [ErrorCode, string] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ['request_timeout', 'The request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ['headers_too_large', 'Request headers are too large']
        : ['bad_request', 'The HTTP request is malformed'];
  const status = ERROR_CODES[code];
  const text = body(code, message);
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  socket.destroy();
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Fastify's frameworkErrors: the router could not make sense of the URL. */
export function frameworkErrors(error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .status(400)
    .header('content-type', 'application/json; charset=utf-8')
    .send(body('bad_request', `The request URL is malformed: ${error.message}`));
}
