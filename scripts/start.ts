/**
 * `npm start`: builds the console when the build is missing or older than its sources, then
 * starts the reference server (which migrates, seeds on first start and serves the console).
 */
import { buildConsoleIfStale } from './console-build';

await buildConsoleIfStale();
const { start } = await import('../server/main');
await start();
