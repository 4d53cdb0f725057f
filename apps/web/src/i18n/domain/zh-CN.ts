import { registerCatalog } from '@cmp/domain/messages/format';
import { zhCN } from '@cmp/domain/messages/zh-CN';

// The domain's Chinese texts (rule messages, enumeration labels), registered as this chunk loads: the portal
// loads it when Chinese is the language in use (../domain-catalogs.ts), and the Chinese catalogs that list
// enumeration labels import it, so it is in before they format one.
registerCatalog('zh-CN', zhCN);
