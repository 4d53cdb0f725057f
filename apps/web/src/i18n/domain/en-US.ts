import { enUS } from '@cmp/domain/messages/en-US';
import { registerCatalog } from '@cmp/domain/messages/format';

// The domain's English texts (rule messages, enumeration labels), registered as this chunk loads: the portal
// loads it when English is the language in use (../domain-catalogs.ts), and the English catalogs that list
// enumeration labels import it, so it is in before they format one.
registerCatalog('en-US', enUS);
