/**
 * Preloaded (`--require`, in every thread) only by the server tests' run on Node 24
 * (scripts/node24.sh): hands better-sqlite3 the binding built for Node 24 (BETTER_SQLITE3_BINDING)
 * instead of the one in node_modules, built for the machine's Node. Nothing else loads differently:
 * the product code, the tests and node_modules stay as they are for the main run.
 */
import { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const binding = process.env.BETTER_SQLITE3_BINDING;
if (!binding) throw new Error('BETTER_SQLITE3_BINDING names no binding');
const url = pathToFileURL(binding).href;

// Synchronous hooks (Node 22.15+) apply to require() too, in every thread: `bindings` requires the addon by path.
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return resolved.url.endsWith('/better-sqlite3/build/Release/better_sqlite3.node') ? { ...resolved, url } : resolved;
  },
});
