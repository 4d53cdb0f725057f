import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { ERROR_CODES, type StoredFile, type Tenant } from '@cmp/domain';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import { detectFileType, type FileKind } from '../../platform/storage/file-type.js';
import { storedFiles } from './files.tables.js';

export const fileUrl = (fileId: string) => `/api/files/${fileId}`;

const present = (row: typeof storedFiles.$inferSelect): StoredFile => ({
  fileId: row.id,
  url: fileUrl(row.id),
  name: row.name,
  size: row.size,
  contentType: row.contentType,
});

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
    const id = randomUUID();
    const storageKey = `${input.tenant}/${id.slice(0, 2)}/${id}.${type.extension}`;
    await this.storage.put(storageKey, input.data);
    const name = input.name.replace(/[\\/\r\n\0]/g, '_').slice(0, 255);
    const [row] = await this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(storedFiles)
        .values({
          id,
          tenant: input.tenant,
          name,
          contentType: type.contentType,
          size: input.data.length,
          sha256: createHash('sha256').update(input.data).digest('hex'),
          storageKey,
          createdBy: input.actor.userId,
        })
        .returning();
      await writeAudit(tx, {
        actor: input.actor,
        tenant: input.tenant,
        entityType: 'file',
        entityId: id,
        action: 'UPLOAD',
        after: { name, contentType: type.contentType, size: input.data.length },
      });
      return inserted;
    });
    return present(row!);
  }

  /** A file is readable by anyone who works in the tenant it was uploaded to. */
  async open(fileId: string, tenants: Tenant[]): Promise<{ file: StoredFile; stream: Readable }> {
    const [row] = await this.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    if (!row || !tenants.includes(row.tenant as Tenant)) throw AppError.notFound('file', fileId);
    return { file: present(row), stream: await this.storage.open(row.storageKey) };
  }
}
