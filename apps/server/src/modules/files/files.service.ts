import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, type StoredFile, type Tenant } from '@cmp/domain';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import { removingFilesOnFailure, type FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType, type DetectedType, type FileKind } from '../../platform/storage/file-type.js';
import { storedFiles } from './files.tables.js';

export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

const present = (row: typeof storedFiles.$inferSelect): StoredFile => ({
  fileId: row.id,
  url: fileUrl(row.id),
  name: row.name,
  size: row.size,
  contentType: row.contentType,
});

/**
 * Files of network-wide data (station pictures) belong to no tenant: every signed-in user may read
 * them, as every user may read the stations themselves.
 */
export const NETWORK_FILES = 'network';
export type FileOwner = Tenant | typeof NETWORK_FILES;

export interface StoreFileInput {
  owner: FileOwner;
  name: string;
  data: Buffer;
  /** The type the caller has established from the bytes. */
  type: DetectedType;
  createdBy: number | null;
}

/**
 * Writes checked bytes and their `stored_files` row in the caller's transaction. It writes no audit of
 * its own: the caller's change (an upload, a station picture) is what gets recorded.
 */
export async function storeFile(
  tx: DbOrTx,
  storage: FileStorage,
  input: StoreFileInput,
): Promise<StoredFile> {
  const id = randomUUID();
  const storageKey = `${input.owner}/${id.slice(0, 2)}/${id}.${input.type.extension}`;
  await storage.put(storageKey, input.data);
  const [row] = await tx
    .insert(storedFiles)
    .values({
      id,
      tenant: input.owner,
      name: input.name.replace(/[\\/\r\n\0]/g, '_').slice(0, 255),
      contentType: input.type.contentType,
      size: input.data.length,
      sha256: createHash('sha256').update(input.data).digest('hex'),
      storageKey,
      createdBy: input.createdBy,
    })
    .returning();
  return present(row!);
}

export class FilesService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  async upload(input: {
    tenant: Tenant;
    name: string;
    data: Buffer;
    accept: FileKind[];
    actor: Actor;
  }): Promise<StoredFile> {
    const type = detectFileType(input.data, input.name);
    if (!type || !input.accept.includes(type.kind)) {
      throw new AppError(
        415,
        ERROR_CODES.unsupportedFile,
        `unsupported file: expected ${input.accept.join(' or ')}, got ${type?.contentType ?? 'an unknown type'}`,
      );
    }
    return removingFilesOnFailure(this.storage, (storage) =>
      this.db.transaction(async (tx) => {
        const stored = await storeFile(tx, storage, {
          owner: input.tenant,
          name: input.name,
          data: input.data,
          type,
          createdBy: input.actor.userId,
        });
        await writeAudit(tx, {
          actor: input.actor,
          tenant: input.tenant,
          entityType: 'file',
          entityId: stored.fileId,
          action: 'UPLOAD',
          after: { name: stored.name, contentType: stored.contentType, size: stored.size },
        });
        return stored;
      }),
    );
  }

  /** A file is readable by anyone who works in the tenant it was uploaded to; a network file by everyone. */
  async open(fileId: string, tenants: Tenant[]): Promise<{ file: StoredFile; stream: Readable }> {
    const [row] = await this.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    const readable = row && (row.tenant === NETWORK_FILES || tenants.includes(row.tenant as Tenant));
    if (!readable) throw AppError.notFound('file', fileId);
    return { file: present(row), stream: await this.storage.open(row.storageKey) };
  }
}
