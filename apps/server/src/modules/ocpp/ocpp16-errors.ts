import { createRequire } from 'node:module';
import { createRPCError, createValidator, type RPCClient } from 'ocpp-rpc';

/**
 * OCPP-J 1.6 §4.2.3 names what is wrong with a message; ocpp-rpc names some of it as OCPP 2.0.1 does.
 * A value outside an enumeration is a PropertyConstraintViolation ("a field contains an invalid value"), a
 * string over its CiString length or a value of another type a TypeConstraintViolation ("violates data
 * type constraints"); the rest keep ocpp-rpc's code, FormatViolation spelled as 1.6 spells it.
 */
const CODE_OF_KEYWORD: Record<string, string> = {
  enum: 'PropertyConstraintViolation',
  const: 'PropertyConstraintViolation',
  maximum: 'PropertyConstraintViolation',
  minimum: 'PropertyConstraintViolation',
  maxLength: 'TypeConstraintViolation',
  minLength: 'TypeConstraintViolation',
  format: 'TypeConstraintViolation',
  type: 'TypeConstraintViolation',
};

/** 2.0.1's framework codes for a frame that is no OCPP-J message, in 1.6's words: the PDU is malformed. */
const FRAME_CODES: Record<string, string> = {
  RpcFrameworkError: 'FormationViolation',
  MessageTypeNotSupported: 'FormationViolation',
  FormatViolation: 'FormationViolation',
};

type RpcError = Error & { rpcErrorCode?: string; details?: { errors?: { keyword: string }[] } };

const schemas = createRequire(import.meta.url)('ocpp-rpc/lib/schemas/ocpp1_6.json') as object;

/** ocpp-rpc's OCPP 1.6 schema checks, answering 1.6's error codes (both ways: calls and answers). */
export function ocpp16Validator(): ReturnType<typeof createValidator> {
  const standard = createValidator('ocpp1.6', schemas as never);
  const validator = Object.create(standard) as typeof standard;
  validator.validate = (schemaId: string, params: unknown) => {
    try {
      return standard.validate(schemaId, params);
    } catch (error) {
      const failed = error as RpcError;
      const keyword = failed.details?.errors?.[0]?.keyword ?? '';
      const code = CODE_OF_KEYWORD[keyword] ?? FRAME_CODES[failed.rpcErrorCode ?? ''];
      throw code ? createRPCError(code, failed.message, failed.details ?? {}) : error;
    }
  };
  return validator;
}

/** A CALLERROR this side sends for a frame that is no message, with 1.6's code instead of 2.0.1's. */
export function answerFramesIn16(client: Pick<RPCClient, 'sendRaw'>): void {
  const send = client.sendRaw.bind(client);
  client.sendRaw = (message: string) => {
    if (message.startsWith('[4,')) {
      const frame = JSON.parse(message) as [number, string, string, string, object];
      const code = FRAME_CODES[frame[2]];
      if (code) return send(JSON.stringify([frame[0], frame[1], code, frame[3], frame[4]]));
    }
    return send(message);
  };
}
