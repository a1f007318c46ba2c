import { firstFitting, jpegName, needsShrinking, shrinkSteps, type ShrinkStep } from '@/domain/images';

/** The file a file input holds, if any (the rules an image must meet are the domain's: `imageProblem` in src/domain/remittance.ts). */
export const pickImage = (files: FileList | null) => files?.[0] ?? undefined;

/**
 * A picked photo made to fit the upload limit (issue 41 §4): an accepted image over the limit is
 * decoded, drawn smaller and re-encoded as JPEG step by step (src/domain/images.ts `shrinkSteps`)
 * until it fits, and comes back as a .jpg File; any other file comes back as it was. When the
 * browser cannot decode it, or no step fits, the file comes back as it was too: the form's check
 * then says the limit's message.
 */
export async function fitImage(file: File): Promise<File> {
  if (!needsShrinking(file)) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  try {
    const fitted = await firstFitting(shrinkSteps(bitmap.width, bitmap.height), (step) => encode(bitmap, step));
    return fitted ? new File([fitted], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) : file;
  } catch {
    // A canvas the browser refuses (out of memory on a phone): the limit's message shows.
    return file;
  } finally {
    bitmap.close();
  }
}

/** One step: the image drawn at its size on white (a PNG's transparency), encoded as JPEG at its quality. */
async function encode(bitmap: ImageBitmap, { width, height, quality }: ShrinkStep): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
  // The canvas's memory goes at once (a phone holds few large ones).
  canvas.width = 0;
  canvas.height = 0;
  return blob;
}
