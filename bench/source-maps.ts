/**
 * The console's function a built frame belongs to, read from the build's source maps (a build made
 * with `vite build --sourcemap`): `file` is a chunk's name (index-AbC123.js), `line` and `column`
 * the frame's, from 0 as V8 gives them. Null for a frame outside src/ (React, the router, xstate)
 * or a build without maps. Used by bench/trace-tasks.ts to name what ran in each long task.
 */
import fs from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { SourceOf } from './trace-tasks';

export function sourceOfBuild(dist: string): SourceOf | null {
  const assets = path.join(dist, 'assets');
  if (!fs.existsSync(assets) || !fs.readdirSync(assets).some((file) => file.endsWith('.js.map'))) return null;
  const maps = new Map<string, TraceMap | null>();
  const mapOf = (file: string) => {
    if (!maps.has(file)) {
      const map = path.join(assets, `${file}.map`);
      maps.set(file, fs.existsSync(map) ? new TraceMap(fs.readFileSync(map, 'utf8')) : null);
    }
    return maps.get(file)!;
  };
  return (file, line, column) => {
    const map = mapOf(file);
    if (!map) return null;
    const at = originalPositionFor(map, { line: line + 1, column });
    if (!at.source?.includes('src/')) return null;
    return `${at.source.replace(/^.*?src\//, '')}:${at.line}${at.name ? ` ${at.name}` : ''}`;
  };
}
