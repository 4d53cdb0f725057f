import { enumLabels } from '@cmp/domain/messages/enumerations';
import '../domain/zh-CN'; // the domain's texts, which enumLabels reads, registered before it runs

/** Words several screens share. */
export default {
  tenant: enumLabels('zh-CN', 'tenant'),
  role: enumLabels('zh-CN', 'staffRole'),
} as const;
