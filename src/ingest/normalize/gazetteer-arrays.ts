/**
 * The gazetteer's index as it is held (gazetteer.ts): a few typed arrays and two long
 * strings, and the file they are kept in between processes. Each normalize thread of each
 * process used to decode cities.pbf and build these (0.18 s of CPU a thread, most of it the
 * decoding's 270,000 short-lived strings and numbers); reading them back is a few ms.
 *
 * The file: one line of JSON (the arrays' types and lengths, the short texts, the two
 * strings' byte lengths), then each array's bytes at a multiple of 8, then the two strings
 * in UTF-8. The bytes are this machine's byte order; the file's name carries it.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { threadId } from 'node:worker_threads';

export interface GazetteerArrays {
  /** Open-addressing table: key number or -1; its length is a power of two. */
  slots: Int32Array;
  /** Key k is keyText[keyStart[k], keyStart[k + 1]). */
  keyStart: Int32Array;
  keyText: string;
  /** Key k's cities are members[memberStart[k], memberStart[k + 1]), most populous first. */
  memberStart: Int32Array;
  members: Int32Array;
  /** City i's name is nameText[nameStart[i], nameStart[i + 1]). */
  nameStart: Int32Array;
  nameText: string;
  /** Country codes and regions, indexed by countryOf and regionOf (-1: none). */
  texts: string[];
  countryOf: Uint16Array;
  regionOf: Int32Array;
  populationOf: Float64Array;
  latitudeOf: Float64Array;
  longitudeOf: Float64Array;
}

const TYPED = {
  slots: Int32Array,
  keyStart: Int32Array,
  memberStart: Int32Array,
  members: Int32Array,
  nameStart: Int32Array,
  countryOf: Uint16Array,
  regionOf: Int32Array,
  populationOf: Float64Array,
  latitudeOf: Float64Array,
  longitudeOf: Float64Array,
} as const;
type TypedName = keyof typeof TYPED;
const NAMES = Object.keys(TYPED) as TypedName[];

interface Header {
  lengths: Record<TypedName, number>;
  texts: string[];
  keyTextBytes: number;
  nameTextBytes: number;
}

const align = (n: number) => Math.ceil(n / 8) * 8;

/** Writes the arrays to `file` whole (a temporary file renamed): a reader never sees half. */
export function writeGazetteerArrays(file: string, arrays: GazetteerArrays): void {
  const keyText = Buffer.from(arrays.keyText);
  const nameText = Buffer.from(arrays.nameText);
  const header: Header = {
    lengths: Object.fromEntries(NAMES.map((n) => [n, arrays[n].length])) as Header['lengths'],
    texts: arrays.texts,
    keyTextBytes: keyText.length,
    nameTextBytes: nameText.length,
  };
  const head = Buffer.from(`${JSON.stringify(header)}\n`);
  const parts: Buffer[] = [head, Buffer.alloc(align(head.length) - head.length)];
  for (const name of NAMES) {
    const a = arrays[name];
    parts.push(
      Buffer.from(a.buffer, a.byteOffset, a.byteLength),
      Buffer.alloc(align(a.byteLength) - a.byteLength),
    );
  }
  parts.push(keyText, nameText);
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${threadId}.tmp`;
  try {
    writeFileSync(partial, Buffer.concat(parts));
    renameSync(partial, file);
  } catch (error) {
    // A full disk leaves no 10 MB half-file behind. (`force`: when the partial was never
    // made, the write's own error is the one to report; no test can make that write fail.)
    // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent under any failure a test can cause
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * The arrays of `file`, or null when it is missing, short or not of this layout. Whatever
 * fails to read — no file, a header that is not JSON, a length no array can have (a typed
 * array's constructor throws) — is caught as one: the caller builds the index anew.
 */
export function readGazetteerArrays(file: string): GazetteerArrays | null {
  try {
    const buf = readFileSync(file);
    const newline = buf.indexOf(0x0a);
    const header = JSON.parse(buf.subarray(0, newline).toString()) as Header;
    if (!Array.isArray(header.texts) || !header.texts.every((t) => typeof t === 'string')) return null;
    // Where each array starts, and the file's size these lengths make, checked before
    // anything is allocated: a damaged length cannot ask for gigabytes, and a fraction
    // (which a typed array would round down) cannot pass for the bytes of a whole one.
    if (!NAMES.every((name) => Number.isInteger(header.lengths[name]))) return null;
    let at = align(newline + 1);
    const starts = NAMES.map((name) => {
      const start = at;
      at = align(at + header.lengths[name] * TYPED[name].BYTES_PER_ELEMENT);
      return start;
    });
    if (at + header.keyTextBytes + header.nameTextBytes !== buf.length) return null;
    const typed = {} as { [N in TypedName]: InstanceType<(typeof TYPED)[N]> };
    NAMES.forEach((name, i) => {
      // A copy: the file's buffer need not be aligned for the type.
      const array = new TYPED[name](header.lengths[name]);
      new Uint8Array(array.buffer).set(buf.subarray(starts[i], starts[i]! + array.byteLength));
      (typed as Record<TypedName, unknown>)[name] = array;
    });
    const keyText = buf.subarray(at, at + header.keyTextBytes).toString();
    const nameText = buf.subarray(at + header.keyTextBytes).toString();
    return { ...typed, keyText, nameText, texts: header.texts };
  } catch {
    return null;
  }
}
