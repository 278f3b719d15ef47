/**
 * Rows in PostgreSQL's binary COPY format, for `COPY … FROM STDIN (FORMAT binary)`.
 * The server then reads each value with its type's receive function: no text to parse
 * (a tsvector's text form was a quarter of the server's cost of storing a job), no
 * JSON batch to take apart. Format: "Binary Format" in the COPY reference page.
 *
 * Values are appended field by field; the caller writes exactly the table's listed
 * columns, in order, for every row.
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** 2000-01-01T00:00:00Z, PostgreSQL's timestamp epoch, in Unix milliseconds. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;
const TEXT_OID = 25;

export class BinaryCopyWriter {
  private buf: Buffer;
  private pos = 0;

  constructor(initialBytes = 1 << 16) {
    this.buf = Buffer.allocUnsafe(initialBytes);
    this.bytes(SIGNATURE);
    this.int32(0); // flags
    this.int32(0); // header extension length
  }

  /** Starts a row of `fields` values. */
  row(fields: number): this {
    this.room(2);
    this.pos = this.buf.writeInt16BE(fields, this.pos);
    return this;
  }

  null(): this {
    return this.int32(-1);
  }

  text(value: string | null | undefined): this {
    if (value == null) return this.null();
    // Worst case three UTF-8 bytes per UTF-16 unit; the length is filled in after.
    this.room(4 + value.length * 3);
    const at = this.pos;
    const written = this.buf.write(value, at + 4, 'utf8');
    this.buf.writeInt32BE(written, at);
    this.pos = at + 4 + written;
    return this;
  }

  uuid(value: string | null | undefined): this {
    if (value == null) return this.null();
    const hex = value.replaceAll('-', '');
    if (hex.length !== 32) throw new Error(`not a uuid: ${value}`);
    this.int32(16);
    this.room(16);
    if (this.buf.write(hex, this.pos, 'hex') !== 16) throw new Error(`not a uuid: ${value}`);
    this.pos += 16;
    return this;
  }

  int4(value: number | null | undefined): this {
    if (value == null) return this.null();
    this.int32(4);
    return this.int32(value);
  }

  float8(value: number | null | undefined): this {
    if (value == null) return this.null();
    this.int32(8);
    this.room(8);
    this.pos = this.buf.writeDoubleBE(value, this.pos);
    return this;
  }

  /**
   * box, as [x1, y1, x2, y2]: four float8 (box_recv takes any two opposite corners and
   * orders them itself).
   */
  box(value: readonly [number, number, number, number] | null | undefined): this {
    if (value == null) return this.null();
    this.int32(32);
    this.room(32);
    for (const v of value) this.pos = this.buf.writeDoubleBE(v, this.pos);
    return this;
  }

  bool(value: boolean | null | undefined): this {
    if (value == null) return this.null();
    this.int32(1);
    this.room(1);
    this.buf[this.pos++] = value ? 1 : 0;
    return this;
  }

  /** timestamptz: microseconds since PostgreSQL's epoch (exact in a double for any real date). */
  timestamptz(value: Date | null | undefined): this {
    if (value == null) return this.null();
    const micros = (value.getTime() - PG_EPOCH_MS) * 1000;
    const high = Math.floor(micros / TWO_32);
    this.int32(8);
    this.room(8);
    this.pos = this.buf.writeInt32BE(high, this.pos);
    this.pos = this.buf.writeUInt32BE(micros - high * TWO_32, this.pos);
    return this;
  }

  /** jsonb: a version byte (1), then the JSON text; SQL null for null or undefined. */
  jsonb(value: unknown): this {
    if (value == null) return this.null();
    const json = JSON.stringify(value);
    this.room(5 + json.length * 3);
    const at = this.pos;
    this.buf[at + 4] = 1;
    const written = this.buf.write(json, at + 5, 'utf8');
    this.buf.writeInt32BE(written + 1, at);
    this.pos = at + 5 + written;
    return this;
  }

  /** text[]: one dimension (none when empty), no nulls. */
  textArray(values: readonly string[]): this {
    const at = this.pos;
    this.int32(0); // length, filled in below
    this.int32(values.length === 0 ? 0 : 1);
    this.int32(0); // no nulls
    this.int32(TEXT_OID);
    if (values.length > 0) {
      this.int32(values.length);
      this.int32(1); // lower bound
      for (const v of values) this.text(v);
    }
    this.buf.writeInt32BE(this.pos - at - 4, at);
    return this;
  }

  /** A value already in its type's binary form (a tsvector from searchVectorBinary). */
  binary(value: Uint8Array | null | undefined): this {
    if (value == null) return this.null();
    this.int32(value.length);
    return this.bytes(value);
  }

  /** The rows with the end-of-data marker; the writer is spent after this. */
  finish(): Buffer {
    this.room(2);
    this.pos = this.buf.writeInt16BE(-1, this.pos);
    return this.buf.subarray(0, this.pos);
  }

  private int32(value: number): this {
    this.room(4);
    this.pos = this.buf.writeInt32BE(value, this.pos);
    return this;
  }

  private bytes(value: Uint8Array): this {
    this.room(value.length);
    this.buf.set(value, this.pos);
    this.pos += value.length;
    return this;
  }

  private room(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + bytes) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }
}
