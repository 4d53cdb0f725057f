import { SECRET_CONFIGURATION_KEYS } from '@cmp/domain/stations/ocpp-operations';

export const MASKED_VALUE = '******';

type Json = Record<string, unknown>;

const isSecret = (entry: Json): boolean =>
  typeof entry.key === 'string' && SECRET_CONFIGURATION_KEYS.has(entry.key);

/** A ChangeConfiguration's payload with a secret key's value masked; any other payload as it is. */
export function commandInfoShown(info: Json): Json {
  return isSecret(info) && 'value' in info ? { ...info, value: MASKED_VALUE } : info;
}

/** A GetConfiguration's answer with the values of secret keys masked, should a charger send them. */
export function configurationAnswerShown(answer: Json): Json {
  const keys = answer.configurationKey;
  if (!Array.isArray(keys)) return answer;
  return {
    ...answer,
    configurationKey: keys.map((entry: Json) =>
      isSecret(entry) && 'value' in entry ? { ...entry, value: MASKED_VALUE } : entry,
    ),
  };
}
