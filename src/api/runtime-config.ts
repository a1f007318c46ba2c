import * as v from 'valibot';
import { RuntimeConfig } from './contract/runtime-config';

/** Reads /config.json, served next to the console, before anything else starts. */
export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`config.json: ${response.status}`);
  return v.parse(RuntimeConfig, await response.json());
}
