/**
 * Upload types decided by the bytes, never by the name or the browser's claimed type.
 * `kind` groups them for the upload endpoint's `kind` parameter.
 */
export type FileKind = 'image' | 'spreadsheet' | 'document' | 'archive';

export interface DetectedType {
  contentType: string;
  kind: FileKind;
  extension: string;
}

const startsWith = (data: Buffer, bytes: number[], offset = 0): boolean =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

export function detectFileType(data: Buffer, fileName: string): DetectedType | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', kind: 'image', extension: 'png' };
  }
  if (startsWith(data, [0xff, 0xd8, 0xff]))
    return { contentType: 'image/jpeg', kind: 'image', extension: 'jpg' };
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) {
    return { contentType: 'image/gif', kind: 'image', extension: 'gif' };
  }
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', kind: 'image', extension: 'webp' };
  }
  if (startsWith(data, ascii('%PDF-')))
    return { contentType: 'application/pdf', kind: 'document', extension: 'pdf' };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    // An XLSX is a zip whose entries include the workbook part; the name alone is not trusted. Excel writes
    // that part first; streaming writers (ours among them) write it last, so the directory at the end
    // names it too.
    const head = data.subarray(0, Math.min(data.length, 64 * 1024)).toString('latin1');
    const tail = data.subarray(Math.max(0, data.length - 256 * 1024)).toString('latin1');
    if (
      fileName.toLowerCase().endsWith('.xlsx') &&
      (head.includes('[Content_Types].xml') || tail.includes('[Content_Types].xml'))
    ) {
      return {
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        kind: 'spreadsheet',
        extension: 'xlsx',
      };
    }
    return { contentType: 'application/zip', kind: 'archive', extension: 'zip' };
  }
  return undefined;
}
