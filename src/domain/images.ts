/** Uploaded images (identity document, delivery receipt): their types and size. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 1024 * 1024;

/** What a photo's field says while it is made smaller, and Aceptar meanwhile. */
export const ImageMsg = {
  shrinking: 'Reduciendo la foto…',
  preparing: 'La foto todavía se está reduciendo; espere un momento.',
} as const;

/**
 * How a picked photo over the upload limit is made smaller in the browser before it becomes a
 * form's value (issue 41 §4: a 4 MB phone photo of a receipt): re-encoded as JPEG, first at a
 * readable size, then at lower qualities, then smaller, step by step, until it fits. Pure: the
 * steps and the loop over them; the drawing and encoding is the browser's (src/ui/images.ts).
 */

/** The longest side a shrunk photo starts at: a receipt stays readable on a screen. */
export const SHRINK_START_SIDE = 2048;
/** The longest side it is never made smaller than: below it a receipt is unreadable (then the limit's message shows). */
export const SHRINK_MIN_SIDE = 800;
/** Each size is tried at these JPEG qualities, best first. */
export const SHRINK_QUALITIES = [0.85, 0.7, 0.55] as const;
/** From one size to the next, the longest side is this share of the one before. */
export const SHRINK_SCALE = 0.8;

/** One attempt: the image drawn at this size and encoded at this JPEG quality. */
export interface ShrinkStep {
  width: number;
  height: number;
  quality: number;
}

/**
 * The attempts for an image of `width` × `height`, in order: its proportions kept, never made
 * larger, the longest side from SHRINK_START_SIDE (or its own, when smaller) down by SHRINK_SCALE
 * to SHRINK_MIN_SIDE, each size at every quality. None for an image without a size.
 */
export function shrinkSteps(width: number, height: number): ShrinkStep[] {
  if (!(width > 0 && height > 0)) return [];
  const longest = Math.max(width, height);
  const steps: ShrinkStep[] = [];
  let side = Math.min(longest, SHRINK_START_SIDE);
  for (;;) {
    const scale = side / longest;
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
    for (const quality of SHRINK_QUALITIES) steps.push({ ...size, quality });
    if (side <= SHRINK_MIN_SIDE) return steps;
    side = Math.max(SHRINK_MIN_SIDE, Math.floor(side * SHRINK_SCALE));
  }
}

/** Whether a picked file is an image of an accepted type over the limit: the one a browser makes smaller. */
export function needsShrinking(file: { type: string; size: number }, limit = MAX_IMAGE_BYTES): boolean {
  return (IMAGE_TYPES as readonly string[]).includes(file.type) && file.size > limit;
}

/**
 * The first encoding that fits within `limit`, trying the steps in order (`encode` draws and
 * encodes one; null when the browser could not); null when none fits.
 */
export async function firstFitting<TBlob extends { size: number }>(steps: readonly ShrinkStep[], encode: (step: ShrinkStep) => Promise<TBlob | null>, limit = MAX_IMAGE_BYTES): Promise<TBlob | null> {
  for (const step of steps) {
    const blob = await encode(step);
    if (blob && blob.size <= limit) return blob;
  }
  return null;
}

/** The name of a photo re-encoded as JPEG: its own with a .jpg ending ('IMG_20.png' → 'IMG_20.jpg'). */
export function jpegName(name: string): string {
  const stem = name.replace(/\.[^./\\]*$/, '');
  return `${stem || 'foto'}.jpg`;
}
