/**
 * PostgreSQL's refusals of a value, whichever driver reports them: SQLSTATE class 22 (data exception:
 * a number out of range, text with NUL, invalid JSON text, a bad date) and 54000 (program limit exceeded,
 * e.g. an index row too large).
 */
const DATA_EXCEPTION = /^(22[0-9A-Z]{3}|54000)$/;
/** Drizzle wraps the driver's error; a few levels cover every wrapper seen. */
const MAX_CAUSES = 5;

/** The SQLSTATE of a data exception anywhere in the error's cause chain, if there is one. */
export function dataExceptionOf(error: unknown): string | undefined {
  let current = error;
  for (let level = 0; level <= MAX_CAUSES && typeof current === 'object' && current !== null; level++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && DATA_EXCEPTION.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
