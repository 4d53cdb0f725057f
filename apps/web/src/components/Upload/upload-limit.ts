import { usePortalConfig } from '../Map/portal-config';

/** The server's default (UPLOAD_MAX_MB=20), used until the portal configuration has loaded. */
export const DEFAULT_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The largest file the server takes, as the portal configuration announces it. `enabled: false` asks
 * nothing yet, e.g. while the upload dialog is closed.
 */
export function useUploadMaxBytes({ enabled = true }: { enabled?: boolean } = {}): number {
  const config = usePortalConfig({ enabled });
  return config.data?.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
}

/** Sizes as people read them in the refusal: "25.3 MB", "512 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
