import { invalidParameter } from '../domain/errors.ts';
import { UUID } from '../domain/ids.ts';

/**
 * Relay Node ids (issue 10, item 10). Relay asks only that an id be globally unique and
 * refetchable through `node(id:)`; a UUID already is, so a Job's Node id is its UUID,
 * the same string REST returns. Clients that know jobs from REST, Apollo's cache key
 * (`Job:<uuid>`) and `job(id:)` all see one id. Job is the only Node type: a UUID
 * names a job. A second Node type would need a type prefix for its ids (and only its).
 */
/** `nodes(ids:)` takes at most a page's worth, as REST and the filters do. */
export const MAX_NODE_IDS = 100;

export function encodeNodeId(_typename: string, id: bigint | number | string): string {
  return String(id);
}

export function decodeNodeId(globalId: string): { typename: string; id: string } {
  if (!UUID.test(globalId))
    throw invalidParameter('id', `"${truncate(globalId)}" is not a Node id (a job UUID)`);
  // Stored ids are lower case; findByIds answers in the case asked.
  return { typename: 'Job', id: globalId.toLowerCase() };
}

function truncate(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
