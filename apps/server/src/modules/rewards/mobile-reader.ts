import type { Actor } from '../../platform/audit/audit.js';

/** Who reads a list of users' rewards, and whether their mobiles show whole (operators) or masked. */
export interface MobileReader {
  reveal: boolean;
  actor: Actor;
}
