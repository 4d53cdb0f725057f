import { enumLabels } from '@cmp/domain/messages/enumerations';

/** Words several screens share. */
export default {
  tenant: enumLabels('zh-CN', 'tenant'),
  role: enumLabels('zh-CN', 'staffRole'),
} as const;
