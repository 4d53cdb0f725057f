import { inflateRawSync } from 'node:zlib';
import { readXlsxParts } from '../platform/spreadsheet/xlsx-parts.js';

/** A workbook taken apart and put together again, to store its parts in an order of the test's choosing. */

/** Each part's name and content, in the order the file stores them. */
export function xlsxPartsOf(workbook: Buffer): [string, Buffer][] {
  const directory = readXlsxParts(workbook);
  if ('refused' in directory) throw new Error(directory.refused);
  return directory.parts.map((part) => {
    const stored = workbook.subarray(part.dataStart, part.dataStart + part.compressedSize);
    return [part.name, part.method === 8 ? inflateRawSync(stored) : Buffer.from(stored)];
  });
}

/** A ZIP storing the parts uncompressed, in the order given. */
export function zipOf(parts: [string, Buffer][]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of parts) {
    const fileName = Buffer.from(name);
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0);
    common.writeUInt32LE(crc32(content), 10);
    common.writeUInt32LE(content.length, 14);
    common.writeUInt32LE(content.length, 18);
    common.writeUInt16LE(fileName.length, 22);
    const local = Buffer.concat([signature(0x04034b50), common, fileName, content]);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    common.copy(central, 6);
    central.writeUInt32LE(offset, 42);
    directory.push(central, fileName);
    locals.push(local);
    offset += local.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

function signature(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
