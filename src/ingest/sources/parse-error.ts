/**
 * A feed body that cannot be read at all (not JSON/XML, or the wrong envelope). One
 * broken row is not a ParseError: it goes to `ParseResult.rejected` instead.
 */
export class ParseError extends Error {
  override readonly name = 'ParseError';
  readonly code = 'ingest/malformed_feed' as const;
  readonly platform: string;
  readonly board: string;

  constructor(message: string, init: { platform: string; board: string; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.platform = init.platform;
    this.board = init.board;
  }
}

export function isParseError(value: unknown): value is ParseError {
  return value instanceof ParseError;
}
