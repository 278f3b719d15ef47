import type { FileHandle } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { SnapshotError } from './snapshot-error.ts';

/**
 * The framing of a snapshot file (index-snapshot.ts): after a fixed prelude, checksummed
 * blocks of at most a few MB, each `u32 length, u32 crc32, payload`. The writer fills one
 * reused buffer and writes it when full, so saving never holds more than a block beside
 * the index; the reader checks each block's checksum before anything reads its payload,
 * so a damaged file is refused before it can become a wrong bitmap.
 */
export const BLOCK_BYTES = 4 * 2 ** 20;
const FRAME = 8;

/** Fills blocks in one reused buffer and appends each to the file when it is full. */
export class BlockWriter {
  private buf: Buffer;
  /** End of the current payload in `buf` (the frame is written in front at flush). */
  private end = FRAME;
  /** crc32 over every block's crc, in order: what the end block carries. */
  chain = 0;
  blocks = 0;
  bytes = 0;
  private readonly file: FileHandle;
  /** A block's payload size (an item larger than this gets a block of its own). */
  readonly blockBytes: number;

  constructor(file: FileHandle, blockBytes = BLOCK_BYTES) {
    this.file = file;
    this.blockBytes = blockBytes;
    this.buf = Buffer.allocUnsafe(FRAME + blockBytes);
  }

  /** Bytes in the current block's payload. */
  get used(): number {
    return this.end - FRAME;
  }

  /** Whether `n` more bytes fit the current block without growing it past its size. */
  fits(n: number): boolean {
    return this.end + n <= FRAME + this.blockBytes;
  }

  /**
   * `n` writable bytes at the end of the payload (the buffer grows for one oversized item,
   * so hold no earlier result across a later call: `setU32` writes at an offset instead).
   */
  take(n: number): Buffer {
    if (this.end + n > this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.end + n);
      this.buf.copy(bigger, 0, 0, this.end);
      this.buf = bigger;
    }
    const out = this.buf.subarray(this.end, this.end + n);
    this.end += n;
    return out;
  }

  u8(v: number): void {
    this.take(1)[0] = v;
  }

  u32(v: number): void {
    this.take(4).writeUInt32LE(v);
  }

  /** Overwrites the u32 at payload offset `at` (a count known only at the block's end). */
  setU32(at: number, v: number): void {
    this.buf.writeUInt32LE(v, FRAME + at);
  }

  /** Writes what was taken as it is, unframed (the file's prelude). */
  async flushRaw(): Promise<void> {
    await writeAll(this.file, this.buf.subarray(FRAME, this.end));
    this.bytes += this.end - FRAME;
    this.end = FRAME;
  }

  /** Writes the current block to the file. */
  async flush(): Promise<void> {
    if (this.end === FRAME) return;
    const payload = this.buf.subarray(FRAME, this.end);
    const crc = crc32(payload);
    this.buf.writeUInt32LE(payload.length, 0);
    this.buf.writeUInt32LE(crc, 4);
    await writeAll(this.file, this.buf.subarray(0, this.end));
    this.chain = crc32(this.buf.subarray(4, 8), this.chain);
    this.blocks++;
    this.bytes += this.end;
    this.end = FRAME;
    // An oversized item's buffer is not kept.
    if (this.buf.length > FRAME + this.blockBytes) this.buf = Buffer.allocUnsafe(FRAME + this.blockBytes);
  }
}

async function writeAll(file: FileHandle, data: Uint8Array): Promise<void> {
  let done = 0;
  while (done < data.length) {
    const { bytesWritten } = await file.write(data, done, data.length - done);
    done += bytesWritten;
  }
}

/** Reads the blocks back in order, each one checked before it is returned. */
export class BlockReader {
  private buf = Buffer.allocUnsafe(FRAME + BLOCK_BYTES);
  private readonly frame = Buffer.allocUnsafe(FRAME);
  /** File offset of the next block. */
  position: number;
  chain = 0;
  blocks = 0;
  private readonly file: FileHandle;
  private readonly size: number;
  private readonly path: string;

  constructor(file: FileHandle, size: number, start: number, path: string) {
    this.file = file;
    this.size = size;
    this.path = path;
    this.position = start;
  }

  get atEnd(): boolean {
    return this.position === this.size;
  }

  /** The next block's payload, valid until the next call. */
  async next(): Promise<Buffer> {
    const at = this.position;
    if (this.size - at < FRAME) throw this.truncated(at);
    await this.readExactly(this.frame, at);
    const length = this.frame.readUInt32LE(0);
    const crc = this.frame.readUInt32LE(4);
    if (length > this.size - at - FRAME) throw this.truncated(at, length);
    if (this.buf.length < length) this.buf = Buffer.allocUnsafe(length);
    const payload = this.buf.subarray(0, length);
    await this.readExactly(payload, at + FRAME);
    if (crc32(payload) !== crc)
      throw new SnapshotError(
        'corrupt',
        `snapshot ${this.path}: checksum mismatch in the block at byte ${at}`,
      );
    this.chain = crc32(this.frame.subarray(4, 8), this.chain);
    this.blocks++;
    this.position = at + FRAME + length;
    return payload;
  }

  private truncated(at: number, length?: number): SnapshotError {
    const claim = length === undefined ? '' : ` (it claims ${length} bytes)`;
    return new SnapshotError(
      'truncated',
      `snapshot ${this.path}: truncated or corrupt: the block at byte ${at}${claim} runs past the end of the file (${this.size} bytes)`,
    );
  }

  private async readExactly(into: Buffer, at: number): Promise<void> {
    let done = 0;
    while (done < into.length) {
      const { bytesRead } = await this.file.read(into, done, into.length - done, at + done);
      if (bytesRead === 0) throw this.truncated(at);
      done += bytesRead;
    }
  }
}
