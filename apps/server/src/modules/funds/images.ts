import { Refusal } from "../../lib/errors";
import { loadOnce } from "../../lib/load-once";

/** The type sniffer and sharp (libvips), loaded at the first upload: 90 ms of every server start otherwise. */
const loadImageLibraries = loadOnce(() => Promise.all([import("file-type"), import("sharp")]));

/** The image types users may upload, by the type their bytes declare (never the name or the client's header). */
const ACCEPTED = {
  "image/png": { ext: "png", sharp: "png" },
  "image/jpeg": { ext: "jpg", sharp: "jpeg" },
  "image/webp": { ext: "webp", sharp: "webp" },
} as const;
export type ImageMime = keyof typeof ACCEPTED;

/** Markup that has no business inside a photo: a file carrying it is a polyglot meant for a browser. */
const MARKUP = [
  /<script/i,
  /<html[\s>]/i,
  /<!doctype/i,
  /<iframe/i,
  /<\?php/i,
  /<svg[\s>]/i,
  /<body[\s>]/i,
  /javascript:/i,
];

/** Larger images are refused before decoding (decompression bombs); 50 megapixels covers any phone camera. */
const MAX_PIXELS = 50_000_000;

export interface CleanImage {
  bytes: Buffer;
  mime: ImageMime;
  ext: string;
}

/** Nothing may follow the image's own end marker: trailing bytes are how PNG/JPEG polyglots carry HTML. */
function endsWhereItShould(mime: ImageMime, bytes: Buffer): boolean {
  if (mime === "image/png") {
    const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
    return bytes.length > iend.length && bytes.subarray(bytes.length - iend.length).equals(iend);
  }
  if (mime === "image/jpeg")
    return bytes.length > 4 && bytes[bytes.length - 2] === 0xff && bytes[bytes.length - 1] === 0xd9;
  // RIFF: the size field counts everything after the first 8 bytes.
  return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
}

/**
 * Checks an upload by its bytes and returns it re-encoded: png, jpeg or webp only; SVG, HTML and polyglots are
 * refused; the re-encoding keeps the pixels (turned upright) and drops every metadata chunk (EXIF with GPS,
 * XMP, comments, text chunks) and anything hidden between them.
 */
export async function cleanImage(bytes: Buffer): Promise<CleanImage> {
  const [{ fileTypeFromBuffer }, { default: sharp }] = await loadImageLibraries();
  const detected = await fileTypeFromBuffer(bytes);
  const mime = detected?.mime as ImageMime | undefined;
  const kind = mime ? ACCEPTED[mime] : undefined;
  if (!mime || !kind) throw new Refusal("upload_type_refused");
  if (!endsWhereItShould(mime, bytes)) throw new Refusal("upload_image_broken");
  const text = bytes.toString("latin1");
  if (MARKUP.some((pattern) => pattern.test(text))) throw new Refusal("upload_type_refused");

  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const meta = await image.metadata();
    if (meta.format !== kind.sharp) throw new Refusal("upload_type_refused");
    const upright = image.rotate();
    const out =
      kind.sharp === "png"
        ? upright.png({ compressionLevel: 9 })
        : kind.sharp === "jpeg"
          ? upright.jpeg({ quality: 90 })
          : upright.webp({ quality: 90 });
    return { bytes: await out.toBuffer(), mime, ext: kind.ext };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal("upload_image_broken");
  }
}
