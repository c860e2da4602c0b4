import { POST_IMAGE_TYPES, type PostImageType } from '../feed';

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/** The image type the bytes themselves declare (their magic number), whatever a file name or header says. */
export const sniffImageType = (bytes: Uint8Array): PostImageType | undefined => {
  if (startsWith(bytes, [0x89, ...ascii('PNG\r\n\x1a\n')])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
};

export const isPostImageType = (type: string): type is PostImageType =>
  (POST_IMAGE_TYPES as readonly string[]).includes(type);

const DATA_URL_PATTERN = /^data:([^;,]{1,100});base64,(.*)$/s;
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/;

export interface ImageDataUrl {
  contentType: string;
  /** The base64 payload, unchanged. */
  base64: string;
}

/** Splits a `data:<type>;base64,<payload>` address, or answers undefined when it is not one. */
export const parseImageDataUrl = (value: string): ImageDataUrl | undefined => {
  const match = DATA_URL_PATTERN.exec(value);
  if (!match || !BASE64_PATTERN.test(match[2]) || match[2].length % 4 !== 0) return undefined;
  return { contentType: match[1].toLowerCase(), base64: match[2] };
};

export const base64DecodedLength = (base64: string): number =>
  (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);

/** The first bytes of a base64 payload, enough to read a magic number, without decoding all of it. */
export const base64Head = (base64: string, bytes = 12): Uint8Array => {
  const chunk = base64.slice(0, Math.ceil(bytes / 3) * 4);
  return Uint8Array.from(atob(chunk), (char) => char.charCodeAt(0));
};
