import { FEED_MESSAGES, isPostImageType, POST_IMAGE_MAX_BYTES } from '@skillers/domain';

export const IMAGE_TOO_LARGE = `The image must be at most ${POST_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;

/**
 * Only images can be attached. The type the browser reports is checked here so a
 * wrong file is refused at once; the API still checks the bytes themselves.
 */
export const imageProblem = (file: { type: string; size: number }): string | null => {
  if (!isPostImageType(file.type)) return FEED_MESSAGES.imageTypeNotAllowed;
  if (file.size > POST_IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE;
  return null;
};

/** The API takes an attached image as a `data:image/...;base64,` address. */
export const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
