import { enumLabels } from '@cmp/domain/messages/enumerations';
import '../domain/en-US'; // the domain's texts, which enumLabels reads, registered before it runs

/** Words several screens share; the keys mirror zh-CN/common.ts. */
export default {
  tenant: enumLabels('en-US', 'tenant'),
  role: enumLabels('en-US', 'staffRole'),
} as const;
