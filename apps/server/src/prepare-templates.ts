/**
 * Prepares the embedded databases a start copies (an empty migrated one and, unless DEMO_DATA is off, the
 * demo's), so that the first `npm start` after `npm install` does not make them. Run by npm after every
 * install. A failure here costs only time: the portal prepares them itself at its first start.
 */
import { registerAllCatalogs } from '@cmp/domain/messages/all-catalogs';
import { loadConfig } from './config.js';
import { demoTemplate } from './demo/demo-template.js';
import { schemaTemplate } from './platform/db/pglite-template.js';

// The demo writes names in the portal's languages (the tag catalogue's groups), as the server does.
registerAllCatalogs();

try {
  const started = performance.now();
  const config = loadConfig();
  await schemaTemplate();
  if (config.demoData) {
    await demoTemplate({
      size: config.demoSize,
      password: config.demoPassword,
      chargers: config.demoChargers,
    });
  }
  process.stdout.write(
    `embedded database prepared${config.demoData ? ' with demo data' : ''} in ${Math.round(performance.now() - started)} ms\n`,
  );
} catch (error) {
  process.stderr.write(
    `The embedded database could not be prepared now; the portal will prepare it at its first start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
}
