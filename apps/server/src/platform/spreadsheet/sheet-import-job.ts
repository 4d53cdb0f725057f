import type { JobResult } from '@cmp/domain';
import type { RecipientSheet } from '@cmp/domain/coupons/recipient-import';
import { formatMessage, type Locale, type RuleMessage } from '@cmp/domain/messages/format';
import { CONTENT_TYPES } from '../export/table-file.js';
import { JobRefused, storageKeyOfJob } from '../jobs/job-kind.js';
import { readAll, type FileStorage } from '../storage/file-storage.js';
import { readRecipientSheet, UnreadableSheet, writeRecipientErrorSheet } from './recipient-sheet.js';

/**
 * The sheet an import job was given. A file that is not a readable sheet refuses the job with the reason in
 * the uploader's language: the task center shows it as the job's outcome.
 */
export async function readUploadedSheet(
  storage: FileStorage,
  fileKey: string,
  locale: Locale,
): Promise<RecipientSheet> {
  try {
    return await readRecipientSheet(await readAll(await storage.open(fileKey)));
  } catch (error) {
    // The technical cause (the reader's own words) goes to the log with the refusal; the user reads the reason.
    throw error instanceof UnreadableSheet
      ? new JobRefused(formatMessage(locale, error.reason), { cause: error })
      : error;
  }
}

export interface RowErrors {
  jobId: number;
  storage: FileStorage;
  sheet: RecipientSheet;
  /** Per data row, its problems; an empty list is a good row. */
  rowMessages: readonly (readonly RuleMessage[])[];
  locale: Locale;
  /** The handed-back sheet's file name in each language. */
  fileNames: Record<Locale, string>;
  counts: Record<string, number>;
  message: RuleMessage;
}

/**
 * How an all-or-nothing import ends when some rows are wrong: nothing is written, and the sheet goes back
 * as the job's file with each row's problems beside it and the wrong rows marked.
 */
export async function endWithRowErrors(input: RowErrors): Promise<{ result: JobResult; message: string }> {
  const bytes = await writeRecipientErrorSheet({
    header: input.sheet.header,
    identifiers: input.sheet.identifiers,
    rowMessages: input.rowMessages,
    locale: input.locale,
  });
  const name = input.fileNames[input.locale];
  await input.storage.put(storageKeyOfJob(input.jobId, name), bytes);
  return {
    result: {
      counts: input.counts,
      files: [{ name, names: input.fileNames, size: bytes.length, contentType: CONTENT_TYPES.xlsx }],
      withErrors: true,
    },
    message: formatMessage(input.locale, input.message),
  };
}

/** Rows with at least one problem. */
export const invalidRowCount = (rowMessages: readonly (readonly RuleMessage[])[]): number =>
  rowMessages.filter((messages) => messages.length > 0).length;
