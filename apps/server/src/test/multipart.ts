export interface MultipartFile {
  name: string;
  data: Buffer;
  /** The form field the file is sent in; `file` unless a test sends it elsewhere. */
  field?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends an upload: the text fields, then at most one file. */
export function multipartForm(fields: Record<string, string>, file?: MultipartFile) {
  const boundary = '----cmp-test-boundary';
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
