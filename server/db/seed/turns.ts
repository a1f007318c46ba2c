import type { Faker } from '@faker-js/faker';

const turns = new WeakMap<Faker, Map<string, number>>();

/**
 * The next value of a list, in turn, per seed run (a run has its own faker) and per key: the
 * statuses staff act on then appear among the first few items of a product whatever the seed or
 * the scale, and a second run starts again from the first.
 */
export function inTurn<T>(faker: Faker, key: string, list: readonly T[]): T {
  const counts = turns.get(faker) ?? new Map<string, number>();
  turns.set(faker, counts);
  const n = counts.get(key) ?? 0;
  counts.set(key, n + 1);
  return list[n % list.length]!;
}
