import type { BizScene } from '@cmp/domain/stations/biz-scenes';
import { BIZ_SCENE_DICT_TYPE } from '@cmp/domain/stations/biz-scenes';
import {
  MAX_NUMERIC_DICT_CODE,
  NUMERIC_CODE_DICT_TYPES,
  type DictEntry,
  type DictEntryCreateSchema,
  type DictEntryEditSchema,
  type DictType,
} from '@cmp/domain/stations/dictionaries';
import type { z } from 'zod';
import { RuleError } from '@cmp/domain/shared/rule-error';
import { ruleMessage, type RuleMessage } from '@cmp/domain/messages/format';
import type { Db, DbOrTx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/app-error.js';
import { writeAudit, type TenantActing } from '../../platform/audit/audit.js';
import { changedFields } from '../../platform/audit/edits.js';
import * as repo from './dictionaries.repo.js';

/** Audit entity of a dictionary entry. */
export const DICT_ENTRY_ENTITY = 'dict_entry';

type DictEntryEditInput = z.output<typeof DictEntryEditSchema>;
type DictEntryCreateInput = z.output<typeof DictEntryCreateSchema>;

const toEntry = (row: repo.DictEntryRow): DictEntry => ({
  dictId: row.dictId,
  dictTypeId: row.dictTypeId,
  code: row.code,
  name: row.name,
  nameEn: row.nameEn,
  status: row.status,
  sort: row.sort,
  description: row.description,
});

/** Status of an entry that may be chosen; withdrawn entries (0) only keep old data readable. */
const IN_USE = 1;

/**
 * How long entry names are reused. They change only when someone edits the dictionary, while every page
 * of the operations list and every station shown names its business scenes (reading them for each was
 * one statement in sixteen under bench/mixed-load.ts). A renamed entry shows within a minute.
 */
export const LABELS_TTL_MS = 60_000;

interface LabelsRead {
  at: number;
  reading: Promise<ReadonlyMap<string, string>>;
  /** Once the read is in. */
  labels?: ReadonlyMap<string, string>;
}

/**
 * Dictionary entries, read by the dictionaries route and by other modules (the stations services resolve
 * and check business scene codes here instead of reading the dictionary tables).
 */
export class DictionaryService {
  private readonly labelsRead = new Map<string, LabelsRead>();

  constructor(private readonly db: Db) {}

  /** The entries of a type in their sort order, withdrawn ones included; unknown type → 404. */
  async entries(dictTypeCode: string): Promise<DictEntry[]> {
    const type = await repo.findDictType(this.db, dictTypeCode);
    if (!type) throw AppError.notFound('dictionary type', dictTypeCode);
    const rows = await repo.listEntries(this.db, type.dictTypeId);
    return rows.map(toEntry);
  }

  /** Every dictionary type with its entry counts. */
  types(): Promise<DictType[]> {
    return repo.listDictTypes(this.db);
  }

  /**
   * Adds an entry to a type (admins, network-wide). A code the type has is a 409; in a dictionary whose codes
   * stations store as integers, a code that is not one is a 422.
   */
  async createEntry(
    dictTypeCode: string,
    input: DictEntryCreateInput,
    acting: TenantActing,
  ): Promise<DictEntry> {
    const type = await repo.findDictType(this.db, dictTypeCode);
    if (!type) throw AppError.notFound('dictionary type', dictTypeCode);
    if (NUMERIC_CODE_DICT_TYPES.includes(type.code)) {
      const code = Number(input.code);
      if (!/^[1-9]\d*$/.test(input.code) || code > MAX_NUMERIC_DICT_CODE)
        throw new RuleError(ruleMessage('dictionary.codeNotNumber', { max: MAX_NUMERIC_DICT_CODE }));
    }
    const created = await this.db.transaction(async (tx) => {
      const row = await repo.insertEntry(tx, { ...input, dictTypeId: type.dictTypeId });
      if (!row) throw AppError.conflict(ruleMessage('dictionary.codeTaken', { code: input.code }));
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: DICT_ENTRY_ENTITY,
        entityId: row.dictId,
        action: 'DICT_ENTRY_CREATE',
        after: toEntry(row),
        extData: { dictTypeCode: type.code },
      });
      return row;
    });
    this.forget(type.code);
    return toEntry(created);
  }

  /**
   * Changes an entry's labels, order, description and status. Entries are never deleted: stations keep
   * the codes they were given, so a withdrawn entry is disabled (status 0) and keeps its label.
   */
  async updateEntry(dictId: number, input: DictEntryEditInput, acting: TenantActing): Promise<DictEntry> {
    const { entry, typeCode } = await this.db.transaction(async (tx) => {
      const stored = await repo.findEntry(tx, dictId);
      if (!stored) throw AppError.notFound('dictionary entry', dictId);
      const type = (await repo.findDictTypeById(tx, stored.dictTypeId))!;
      const changes = changedFields(stored, input);
      if (changes.changed.length === 0) return { entry: stored, typeCode: type.code };
      const row = await repo.updateEntry(tx, dictId, changes.after);
      await writeAudit(tx, {
        actor: acting.actor,
        tenant: acting.tenant,
        entityType: DICT_ENTRY_ENTITY,
        entityId: dictId,
        action: 'DICT_ENTRY_UPDATE',
        before: changes.before,
        after: changes.after,
        extData: { dictTypeCode: type.code, code: stored.code },
      });
      return { entry: row, typeCode: type.code };
    });
    this.forget(typeCode);
    return toEntry(entry);
  }

  /** Drops this process's copy of a type's labels so the next read sees a change at once. */
  private forget(dictTypeCode: string): void {
    this.labelsRead.delete(dictTypeCode);
  }

  /**
   * Code → name of every entry of a type, withdrawn ones included so old data keeps its label; read at
   * most once per LABELS_TTL_MS. A caller in a transaction passes it as `db`.
   */
  labels(dictTypeCode: string, db: DbOrTx = this.db): Promise<ReadonlyMap<string, string>> {
    const now = Date.now();
    const read = this.labelsRead.get(dictTypeCode);
    if (read && now - read.at <= LABELS_TTL_MS) {
      if (read.labels) return Promise.resolve(read.labels);
      // A transaction must not wait for a read queued behind it (PGlite runs one at a time): it reads itself.
      if (db === this.db) return read.reading;
    }
    const reading = repo
      .findEntries(db, dictTypeCode)
      .then((rows): ReadonlyMap<string, string> => new Map(rows.map((row) => [row.code, row.name])));
    if (db !== this.db) return reading;
    const entry: LabelsRead = { at: now, reading };
    this.labelsRead.set(dictTypeCode, entry);
    reading.then(
      (labels) => {
        entry.labels = labels;
      },
      // A failed read is not kept: the next caller tries again.
      () => {
        if (this.labelsRead.get(dictTypeCode) === entry) this.labelsRead.delete(dictTypeCode);
      },
    );
    return reading;
  }

  /**
   * Business scenes as the station contracts carry them ({ code, desc }), in the order given; a code the
   * dictionary does not know keeps no desc. For many stations at once, take `labels(BIZ_SCENE_DICT_TYPE)`.
   */
  async describeBizScenes(codes: readonly number[], db: DbOrTx = this.db): Promise<BizScene[]> {
    if (codes.length === 0) return [];
    const labels = await this.labels(BIZ_SCENE_DICT_TYPE, db);
    return codes.map((code) => {
      const desc = labels.get(String(code));
      return desc === undefined ? { code } : { code, desc };
    });
  }

  /** Throws a RuleError (422, `station.unknownBizScene`) naming the first code that is not an entry in use. */
  async assertBizScenesInUse(codes: readonly number[], db: DbOrTx = this.db): Promise<void> {
    await this.assertCodesInUse({
      dictTypeCode: BIZ_SCENE_DICT_TYPE,
      codes: codes.map(String),
      unknown: (code) => ruleMessage('station.unknownBizScene', { code }),
      db,
    });
  }

  /** Throws the rule `unknown(code)` makes for the first code that is not an entry in use of the type. */
  async assertCodesInUse(options: {
    dictTypeCode: string;
    codes: readonly string[];
    unknown: (code: string) => RuleMessage;
    db?: DbOrTx;
  }): Promise<void> {
    const { dictTypeCode, codes, unknown, db = this.db } = options;
    if (codes.length === 0) return;
    const rows = await repo.findEntries(db, dictTypeCode, codes);
    const inUse = new Set(rows.filter((row) => row.status === IN_USE).map((row) => row.code));
    const missing = codes.find((code) => !inUse.has(code));
    if (missing !== undefined) throw new RuleError(unknown(missing));
  }
}
