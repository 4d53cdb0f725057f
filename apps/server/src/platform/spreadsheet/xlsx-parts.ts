/**
 * The parts of an XLSX file (a ZIP), read from its central directory before anything is decompressed: what
 * each part expands to is checked against a bound (a 1.5 MB file can hold 1.5 GB of zeros, which a reader
 * would inflate into memory whole), and where each part's bytes lie lets a reader open the parts it needs
 * in the order it needs them, whatever order they are stored in.
 */

/** The most an uploaded workbook may expand to: far above a sheet of 1,000,000 short rows. */
export const XLSX_MAX_EXPANDED_BYTES = 300 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;

/** One part: its name, how it is compressed, and where its compressed bytes lie in the file. */
export interface XlsxPart {
  name: string;
  /** 0 stored, 8 deflated: the two methods a workbook uses. */
  method: number;
  dataStart: number;
  compressedSize: number;
  /** What it expands to, as the directory declares it; a reader stops a part that expands further. */
  size: number;
}

/** The workbook's parts, or why it is refused (in English, for the log) and whether for its size alone. */
export type XlsxParts = { parts: XlsxPart[] } | { refused: string; tooLarge: boolean };

export function readXlsxParts(bytes: Uint8Array, maxBytes = XLSX_MAX_EXPANDED_BYTES): XlsxParts {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, or earlier by a comment of at most 65,535 bytes.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return { refused: 'the file is not an .xlsx workbook', tooLarge: false };
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) return { refused: `the workbook holds ${entries} parts`, tooLarge: false };
  const damaged = { refused: 'the workbook is damaged', tooLarge: false };
  const parts: XlsxPart[] = [];
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return damaged;
    const flags = data.readUInt16LE(at + 8);
    const method = data.readUInt16LE(at + 10);
    const compressedSize = data.readUInt32LE(at + 20);
    // 0xFFFFFFFF: the real size is in a ZIP64 record, at least 4 GB.
    const size = data.readUInt32LE(at + 24);
    const nameLength = data.readUInt16LE(at + 28);
    const name = data.toString('utf8', at + 46, at + 46 + nameLength);
    total += size === 0xffffffff ? Infinity : size;
    if (total > maxBytes) {
      const refused = `the workbook expands to more than ${Math.round(maxBytes / 1024 / 1024)} MB`;
      return { refused, tooLarge: true };
    }
    if (flags & ENCRYPTED_FLAG) return { refused: `the part ${name} is encrypted`, tooLarge: false };
    if (method !== STORED && method !== DEFLATED) {
      return { refused: `the part ${name} is compressed with method ${method}`, tooLarge: false };
    }
    // The local header repeats the name and may carry extra fields of another length than the directory's.
    const local = data.readUInt32LE(at + 42);
    if (local + 30 > data.length || data.readUInt32LE(local) !== LOCAL_HEADER) return damaged;
    const dataStart = local + 30 + data.readUInt16LE(local + 26) + data.readUInt16LE(local + 28);
    if (dataStart + compressedSize > data.length) return damaged;
    parts.push({ name, method, dataStart, compressedSize, size });
    at += 46 + nameLength + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return { parts };
}
