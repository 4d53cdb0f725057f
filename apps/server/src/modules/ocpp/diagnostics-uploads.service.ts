import { ERROR_CODES } from '@cmp/domain';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import type { FileStorage } from '../../platform/storage/file-storage.js';
import * as logs from './remote-operations.repo.js';

const storedName = (name: string): string =>
  name.replace(/[^A-Za-z0-9._-]/g, '_').slice(-100) || 'diagnostics';

/**
 * The diagnostics chargers upload (GetDiagnostics): the link a charger was given is the only key, an
 * unguessable token that works while its operation is open; the file goes to storage and the operation's
 * answer names it.
 */
export class DiagnosticsUploadsService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  /**
   * 404 for a link that no open diagnostics operation gave out; 415 for a body that did not come as bytes
   * (`application/octet-stream`).
   */
  async store(chargePointId: string, token: string, file: { name: string; data: unknown }): Promise<void> {
    const operation = await logs.openDiagnostics(this.db, chargePointId, token);
    if (!operation) throw AppError.notFound('diagnostics upload', chargePointId);
    if (!Buffer.isBuffer(file.data))
      throw new AppError(415, ERROR_CODES.unsupportedFile, 'send the file as application/octet-stream');
    const key = `ocpp-diagnostics/${operation.remoteOperationLogId}/${storedName(file.name)}`;
    await this.storage.put(key, file.data);
    await logs.recordUploadedFile(this.db, operation.remoteOperationLogId, {
      key,
      name: file.name,
      size: file.data.length,
    });
  }
}
