import { ApiError } from '../../../platform/http/api-error.js';

export const AVATAR_NOT_AN_IMAGE = 'Only images (JPEG, PNG, GIF, WebP, BMP, TIFF or AVIF) can be used as a profile picture';

/** Image types decided by the bytes (never the name or the declared type) that the re-encoder reads. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/bmp', 'image/tiff', 'image/avif']);

/** Where a user's picture is kept through the file storage port: one per user, each upload replacing the last. */
export const avatarKey = (userId: string) => `${userId}/avatar`;

/** The picture's side in pixels: the largest the portal shows it, twice, for sharp screens. */
export const AVATAR_SIZE = 256;

/** At most 50 megapixels are decoded: a small file that unpacks to a huge image is refused, not decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * An uploaded picture as the portal keeps it: checked to be an image by its bytes, turned upright
 * by its EXIF orientation, cut to a 256×256 square and written anew as WebP. Re-encoding keeps
 * the pixels only: EXIF (GPS position, camera), XMP, IPTC and ICC metadata are not copied
 * (sharp copies none unless asked), and anything hidden after the image data is gone.
 */
export async function avatarImage(bytes: Buffer): Promise<Buffer> {
  // Loaded by the first upload (sharp's native library is large), not by every start.
  const [{ fileTypeFromBuffer }, { default: sharp }] = await Promise.all([import('file-type'), import('sharp')]);
  const sniffed = bytes.length === 0 ? undefined : await fileTypeFromBuffer(bytes);
  if (!sniffed || !IMAGE_TYPES.has(sniffed.mime)) throw new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', AVATAR_NOT_AN_IMAGE);
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new ApiError(422, 'IMAGE_UNREADABLE', 'This image could not be read. Please try another picture.');
  }
}
