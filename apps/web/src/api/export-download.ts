import type { Job } from '@cmp/domain';
import { toApiError, withQuery, type Query } from './client';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The file name the server gives in Content-Disposition (RFC 6266, UTF-8 form first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() || fallback;
}

export interface DownloadedFile {
  fileName: string;
  blob: Blob;
}

/**
 * Fetches a list's export (`path`, e.g. `/api/nio/stations/export`), reporting the bytes received as the
 * streamed file arrives; an export too large to stream comes back as the job the server queued for it
 * (202). A refusal comes back as the server's error, like every other call.
 */
export async function fetchExport(
  path: string,
  query: Query,
  options: { fallbackName: string; onProgress?: (bytes: number) => void; signal?: AbortSignal },
): Promise<{ file: DownloadedFile } | { job: Job }> {
  // The server writes the file's times in the zone the screen shows them in.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await fetch(withQuery(path, { ...query, timeZone }), {
    headers: {
      Accept: `${XLSX_TYPE}, text/csv, application/json`,
      'Accept-Language': document.documentElement.lang || 'zh-CN',
    },
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (!response.ok) {
    throw await toApiError(response);
  }
  if (response.status === 202) return { job: (await response.json()) as Job };
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      options.onProgress?.(received);
    }
  }
  const blob = reader
    ? new Blob(chunks as BlobPart[], { type: response.headers.get('Content-Type') ?? XLSX_TYPE })
    : await response.blob();
  return {
    file: { fileName: fileNameOf(response.headers.get('Content-Disposition'), options.fallbackName), blob },
  };
}

/** Hands the file to the browser's download. */
export function saveFile({ fileName, blob }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
