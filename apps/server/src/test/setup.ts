import { registerAllCatalogs } from '@cmp/domain/messages/all-catalogs';

// Services and helpers under test format messages in both languages without building the app, whose module
// registers the catalogs for a running server (app.ts).
registerAllCatalogs();
