import { IMAGE_TYPES, MAX_IMAGE_BYTES, RemittanceMsg } from '@/domain/remittance';

/** The file a file input holds, if any. */
export const pickImage = (files: FileList | null) => files?.[0] ?? undefined;

/** Why the server would refuse an image (its type, its size); null when it takes it or none was picked. */
export function imageProblem(file: File | undefined): string | null {
  if (!file) return null;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return RemittanceMsg.imageType;
  if (file.size > MAX_IMAGE_BYTES) return RemittanceMsg.imageSize;
  return null;
}
