import path from 'node:path';
import { SERVER_ROOT } from '../server-root.js';

export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'migrations');
