import { formatMessage, type RuleMessage } from '../messages/format.js';

/** A broken business rule raised by domain code; the server answers it as 422 with the message's key. */
export class RuleError extends Error {
  override name = 'RuleError';

  constructor(readonly rule: RuleMessage) {
    super(formatMessage('en-US', rule));
  }
}
