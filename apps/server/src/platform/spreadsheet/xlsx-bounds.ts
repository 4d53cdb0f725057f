/**
 * What an XLSX file (a ZIP) says it expands to, read from its central directory before anything is
 * decompressed: a 1.5 MB file can hold 1.5 GB of zeros, which a reader would inflate into memory whole.
 */

/** The most an uploaded workbook may expand to: far above a sheet of 1,000,000 short rows. */
export const XLSX_MAX_EXPANDED_BYTES = 300 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;

/** Why the workbook is refused, or undefined when its entries stay within the bound. */
export function xlsxOverBounds(bytes: Uint8Array, maxBytes = XLSX_MAX_EXPANDED_BYTES): string | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is the last 22 bytes, or earlier by a comment of at most 65,535 bytes.
  let end = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - 65_535); at--) {
    if (data.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) return 'the file is not an .xlsx workbook';
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  if (entries > MAX_ENTRIES) return `the workbook holds ${entries} parts`;
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > data.length || data.readUInt32LE(at) !== DIRECTORY_ENTRY) return 'the workbook is damaged';
    // 0xFFFFFFFF: the real size is in a ZIP64 record, at least 4 GB.
    const size = data.readUInt32LE(at + 24);
    total += size === 0xffffffff ? Infinity : size;
    if (total > maxBytes) {
      return `the workbook expands to more than ${Math.round(maxBytes / 1024 / 1024)} MB`;
    }
    at += 46 + data.readUInt16LE(at + 28) + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return undefined;
}
