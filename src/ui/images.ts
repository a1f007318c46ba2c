/** The file a file input holds, if any (the rules an image must meet are the domain's: `imageProblem` in src/domain/remittance.ts). */
export const pickImage = (files: FileList | null) => files?.[0] ?? undefined;
