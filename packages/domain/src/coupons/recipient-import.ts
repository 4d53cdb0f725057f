import { ruleMessage, type RuleMessage } from '../messages/format.js';

/** The header of the identifier column decides what the column holds. */
export const RECIPIENT_HEADERS = { 手机号: 'mobile', 账号: 'accountId' } as const;
export type RecipientIdType = (typeof RECIPIENT_HEADERS)[keyof typeof RECIPIENT_HEADERS];
export const RECIPIENT_ID_TYPES = ['mobile', 'accountId'] as const satisfies readonly RecipientIdType[];
/** The header a sheet of this kind of identifier starts with. */
export const recipientHeaderOf = (idType: RecipientIdType): string =>
  Object.entries(RECIPIENT_HEADERS).find(([, type]) => type === idType)![0];

/** `row` is the 1-based position among the data rows; the header row is not counted. */
export type RecipientImportError =
  | { type: 'UNKNOWN_HEADER'; header: string }
  | { type: 'NO_RECIPIENTS' }
  | { type: 'EMPTY_IDENTIFIER'; row: number }
  | { type: 'DUPLICATE'; row: number; value: string; firstRow: number }
  | { type: 'MOBILE_NOT_REGISTERED'; row: number; value: string }
  | { type: 'ACCOUNT_INVALID'; row: number; value: string };

export interface RecipientSheet {
  header: string;
  identifiers: readonly string[];
}

/** Answers which of the given identifiers exist; called once, with each identifier once. */
export type RecipientLookup = (
  identifiers: string[],
  idType: RecipientIdType,
) => Promise<ReadonlySet<string>>;

export type RecipientImportResult =
  | { ok: true; idType: RecipientIdType; recipients: string[] }
  | { ok: false; idType?: RecipientIdType; errors: RecipientImportError[] };

export function recipientIdType(header: string): RecipientIdType | undefined {
  const key = header.trim();
  return Object.hasOwn(RECIPIENT_HEADERS, key)
    ? RECIPIENT_HEADERS[key as keyof typeof RECIPIENT_HEADERS]
    : undefined;
}

/**
 * Checks a recipient sheet and returns every problem. Any problem discards the whole list: sending to
 * part of a list would leave staff to work out who got a coupon, so they fix the sheet and import again.
 */
export async function validateRecipients(
  sheet: RecipientSheet,
  lookup: RecipientLookup,
): Promise<RecipientImportResult> {
  const idType = recipientIdType(sheet.header);
  if (!idType) return { ok: false, errors: [{ type: 'UNKNOWN_HEADER', header: sheet.header.trim() }] };
  const identifiers = sheet.identifiers.map((value) => value.trim());
  if (identifiers.length === 0) return { ok: false, idType, errors: [{ type: 'NO_RECIPIENTS' }] };

  const unique = [...new Set(identifiers.filter((value) => value !== ''))];
  const found = unique.length > 0 ? await lookup(unique, idType) : new Set<string>();
  const firstRows = new Map<string, number>();
  const errors = identifiers.flatMap((value, index): RecipientImportError[] => {
    const row = index + 1;
    if (value === '') return [{ type: 'EMPTY_IDENTIFIER', row }];
    const rowErrors: RecipientImportError[] = [];
    const firstRow = firstRows.get(value);
    if (firstRow === undefined) firstRows.set(value, row);
    else rowErrors.push({ type: 'DUPLICATE', row, value, firstRow });
    if (!found.has(value)) {
      rowErrors.push({ type: idType === 'mobile' ? 'MOBILE_NOT_REGISTERED' : 'ACCOUNT_INVALID', row, value });
    }
    return rowErrors;
  });
  return errors.length > 0 ? { ok: false, idType, errors } : { ok: true, idType, recipients: identifiers };
}

export function recipientErrorMessage(error: RecipientImportError): RuleMessage {
  switch (error.type) {
    case 'UNKNOWN_HEADER':
      return ruleMessage('recipients.unknownHeader', { header: error.header });
    case 'NO_RECIPIENTS':
      return ruleMessage('recipients.none');
    case 'EMPTY_IDENTIFIER':
      return ruleMessage('recipients.empty', { row: error.row });
    case 'DUPLICATE':
      return ruleMessage('recipients.duplicate', { row: error.row, firstRow: error.firstRow });
    case 'MOBILE_NOT_REGISTERED':
      return ruleMessage('recipients.mobileNotRegistered', { row: error.row });
    case 'ACCOUNT_INVALID':
      return ruleMessage('recipients.accountInvalid', { row: error.row });
  }
}

/** The messages to write back into each data row (index 0 is the first row under the header). */
export function recipientRowMessages(
  errors: readonly RecipientImportError[],
  rowCount: number,
): RuleMessage[][] {
  const rows: RuleMessage[][] = Array.from({ length: rowCount }, () => []);
  for (const error of errors) {
    if ('row' in error) rows[error.row - 1]?.push(recipientErrorMessage(error));
  }
  return rows;
}
