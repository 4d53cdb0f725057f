import { registerAllCatalogs } from '../messages/all-catalogs.js';

// The domain's tests format messages in both languages, as the server does (format.ts keeps no catalog of its own).
registerAllCatalogs();
