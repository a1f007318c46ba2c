import { describe, expect, it } from 'vitest';
import { firstFitting, jpegName, MAX_IMAGE_BYTES, needsShrinking, SHRINK_MIN_SIDE, SHRINK_QUALITIES, SHRINK_START_SIDE, shrinkSteps, type ShrinkStep } from '@/domain/images';

/** The longest side of each size tried, in order, once each. */
const sides = (steps: readonly ShrinkStep[]) => [...new Set(steps.map((s) => Math.max(s.width, s.height)))];

describe("a photo over the limit made smaller in the browser (issue 41 §4)", () => {
  it('starts at a readable size, keeps its proportions, and goes down by sizes, each at every quality, to the smallest readable', () => {
    // A 12-megapixel phone photo, upright.
    const steps = shrinkSteps(3000, 4000);
    expect(steps[0]).toEqual({ width: 1536, height: SHRINK_START_SIDE, quality: SHRINK_QUALITIES[0] });
    expect(sides(steps)).toEqual([2048, 1638, 1310, 1048, 838, 800]);
    for (const step of steps) expect(Math.abs(step.width / step.height - 3 / 4)).toBeLessThan(0.01);
    expect(steps).toHaveLength(6 * SHRINK_QUALITIES.length);
    expect(steps.slice(0, 3).map((s) => s.quality)).toEqual([0.85, 0.7, 0.55]);
    expect(steps.at(-1)).toEqual({ width: 600, height: SHRINK_MIN_SIDE, quality: 0.55 });
  });

  it('never makes an image larger: a small one over the limit is re-encoded at its own size first; none without a size', () => {
    expect(sides(shrinkSteps(1200, 900))).toEqual([1200, 960, 800]);
    expect(shrinkSteps(500, 300)).toEqual(SHRINK_QUALITIES.map((quality) => ({ width: 500, height: 300, quality })));
    expect(shrinkSteps(0, 300)).toEqual([]);
    expect(shrinkSteps(Number.NaN, 300)).toEqual([]);
  });

  it('takes the first encoding that fits, and none when none does (then the limit is said)', async () => {
    // An encoder whose size grows with the pixels and the quality: a noisy photo.
    const tried: ShrinkStep[] = [];
    const encode = async (step: ShrinkStep) => {
      tried.push(step);
      return { size: step.width * step.height * step.quality };
    };
    const steps = shrinkSteps(3000, 4000);
    const fitted = await firstFitting(steps, encode);
    expect(fitted!.size).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    // Every step before it was too big.
    expect(tried.slice(0, -1).every((s) => s.width * s.height * s.quality > MAX_IMAGE_BYTES)).toBe(true);
    expect(tried.at(-1)).toEqual({ width: 983, height: 1310, quality: 0.7 });
    // An encoder that cannot (null) is passed over; nothing fits: null.
    expect(await firstFitting(steps, async () => null)).toBeNull();
    expect(await firstFitting(steps, async () => ({ size: MAX_IMAGE_BYTES + 1 }))).toBeNull();
  });

  it('shrinks only an accepted image over the limit; the shrunk one is a .jpg of the same name', () => {
    expect(needsShrinking({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe(true);
    expect(needsShrinking({ type: 'image/jpeg', size: MAX_IMAGE_BYTES })).toBe(false);
    expect(needsShrinking({ type: 'image/gif', size: 5 * MAX_IMAGE_BYTES })).toBe(false);
    expect(jpegName('IMG_2041.PNG')).toBe('IMG_2041.jpg');
    expect(jpegName('recibo.final.webp')).toBe('recibo.final.jpg');
    expect(jpegName('foto')).toBe('foto.jpg');
    expect(jpegName('.png')).toBe('foto.jpg');
  });
});
