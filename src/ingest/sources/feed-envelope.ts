import type { z } from 'zod';
import { ParseError } from './parse-error.ts';
import { describeIssues } from './row-fields.ts';

/**
 * Turns a response body into the platform's envelope or throws ParseError. Rows inside
 * the envelope are left as `unknown[]` on purpose: they are checked one by one by
 * mapRows, so one bad row cannot fail the page.
 */
export function readEnvelope<T>(
  body: string,
  schema: z.ZodType<T>,
  where: { platform: string; board: string },
): T {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    throw new ParseError(`${where.platform} board "${where.board}": body is not JSON`, {
      ...where,
      cause: err,
    });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ParseError(
      `${where.platform} board "${where.board}": unexpected envelope (${describeIssues(parsed.error)})`,
      where,
    );
  }
  return parsed.data;
}
