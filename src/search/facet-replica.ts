import { Bitmap } from './bitmap.ts';
import { FacetCodes } from './facet-codes.ts';
import { FACET_VALUE_FIELDS, type IndexData } from './index-data.ts';
import { ValueIndex } from './value-index.ts';

type Serialized = Array<[value: string, bytes: Uint8Array]>;

/**
 * What a facet thread needs of a segment to count its facets (facet-threads.ts): the
 * facet fields' bitmaps and the salary bands, in roaring's portable serialization, in
 * the segment's own value order (the packed codes and ties follow it).
 */
export interface FacetReplicaParts {
  docCount: number;
  values: Record<(typeof FACET_VALUE_FIELDS)[number], Serialized>;
  salaryBands: Serialized;
}

/** The parts of `data` a facet thread counts from, and the buffers to transfer with them. */
export function facetReplicaParts(data: IndexData): { parts: FacetReplicaParts; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const serialize = (bitmap: Bitmap): Uint8Array => {
    // A copy of its own, so it can be transferred (a Buffer may share its memory).
    const bytes = new Uint8Array(bitmap.serialize('portable'));
    transfer.push(bytes.buffer as ArrayBuffer);
    return bytes;
  };
  const values = Object.fromEntries(
    FACET_VALUE_FIELDS.map((f) => [
      f,
      [...data.values[f].bitmaps].map(([value, b]) => [value, serialize(b)] as [string, Uint8Array]),
    ]),
  ) as FacetReplicaParts['values'];
  const salaryBands = data.salaryBands.map(
    ({ value, docs }) => [value, serialize(docs)] as [string, Uint8Array],
  );
  return { parts: { docCount: data.docCount, values, salaryBands }, transfer };
}

/**
 * A segment's facet data rebuilt from its parts: every field facets.ts reads of an
 * IndexData, made as the index builder makes them, so counting over it gives the
 * segment's own counts. Only those fields: it is no index to search.
 */
export function facetReplica(parts: FacetReplicaParts): IndexData {
  const n = parts.docCount;
  const read = (list: Serialized) =>
    new Map(list.map(([value, bytes]) => [value, Bitmap.deserialize(Buffer.from(bytes), 'portable')]));
  const values = Object.fromEntries(
    FACET_VALUE_FIELDS.map((f) => [f, new ValueIndex(read(parts.values[f]), n)]),
  ) as Record<(typeof FACET_VALUE_FIELDS)[number], ValueIndex>;
  const salaryBands = [...read(parts.salaryBands)].map(([value, docs]) => ({ value, docs }));
  const facetCodes = FacetCodes.ofIndex(n, values, salaryBands);
  return { docCount: n, values, salaryBands, facetCodes } as unknown as IndexData;
}

/** Frees a replica's native memory. */
export function disposeFacetReplica(replica: IndexData): void {
  for (const f of FACET_VALUE_FIELDS) replica.values[f].dispose();
  for (const b of replica.salaryBands) b.docs.dispose();
}
