/**
 * A ZIP archive written as its entries come (APPNOTE 6.3): each entry's data is raw deflate that the
 * caller made, so an entry compressed piece by piece (by an export job's chunks) is copied, never
 * compressed again. Sizes and CRC follow each entry in a data descriptor, as they are known only then.
 */
export interface ZipEntry {
  name: string;
  /** Raw deflate (RFC 1951), ending with a final block. */
  deflated: AsyncIterable<Buffer>;
  /** The uncompressed CRC-32 and size, read once `deflated` is exhausted. */
  sums(): { crc: number; size: number };
}

const UINT32 = 0xffff_ffff;
/** Bit 3: sizes and CRC in a data descriptor; bit 11: the name is UTF-8. */
const FLAGS = 0x0808;
const DEFLATE = 8;
/** 2.0: deflate and data descriptors; no ZIP64, so every size and offset must fit 32 bits. */
const VERSION = 20;
/** 1980-01-01 00:00 in MS-DOS form: a fixed time keeps the same rows the same bytes. */
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function fits(value: number, what: string): number {
  // An export that large is refused rather than written as a file no reader opens.
  if (value > UINT32) throw new Error(`the archive's ${what} passes 4 GiB, which needs ZIP64`);
  return value;
}

function localHeader(name: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x0403_4b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(DOS_DATE, 12);
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor({ crc, compressed, size }: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(0x0807_4b50, 0);
  descriptor.writeUInt32LE(crc >>> 0, 4);
  descriptor.writeUInt32LE(compressed, 8);
  descriptor.writeUInt32LE(size, 12);
  return descriptor;
}

function centralHeader(entry: Written): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(0x0201_4b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(0, 12);
  header.writeUInt16LE(DOS_DATE, 14);
  header.writeUInt32LE(entry.crc >>> 0, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(count: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x0605_4b50, 0);
  end.writeUInt16LE(count, 8);
  end.writeUInt16LE(count, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

/** The archive's bytes, entry after entry, then the central directory. */
export async function* zipArchive(
  entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>,
): AsyncIterable<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = localHeader(name);
    const start = offset;
    yield header;
    offset += header.length;
    let compressed = 0;
    for await (const piece of entry.deflated) {
      compressed += piece.length;
      yield piece;
    }
    const { crc, size } = entry.sums();
    const done: Written = {
      name,
      crc,
      compressed: fits(compressed, 'entry size'),
      size: fits(size, 'entry size'),
      offset: fits(start, 'offset'),
    };
    written.push(done);
    const descriptor = dataDescriptor(done);
    yield descriptor;
    offset += compressed + descriptor.length;
  }
  const directory = Buffer.concat(written.map(centralHeader));
  yield directory;
  yield endOfCentralDirectory(written.length, directory.length, fits(offset, 'offset'));
}
