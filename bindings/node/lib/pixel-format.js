'use strict';
const { InvalidArgumentError } = require('./errors');

/** Pixel layouts Session.submitFrame() accepts (nfv_pixel_format; docs/getting-started-node.md lists each plane). */
const PixelFormat = Object.freeze({
  RGB24: 1, BGR24: 2, RGBA: 3, BGRA: 4, YUYV: 5, NV12: 6, I420: 7,
});

const aliases = new Map([['RGB', PixelFormat.RGB24], ['BGR', PixelFormat.BGR24]]);

/**
 * The nfv_pixel_format number of a PixelFormat value or a name in any case ("rgb24", "NV12", "rgb"). Numbers pass
 * through (the library rejects unknown ones with an InvalidArgumentError).
 * @throws {InvalidArgumentError} for an unknown name.
 */
function pixelFormatValue(format) {
  if (typeof format === 'number') return format;
  const name = String(format).trim().toUpperCase();
  const value = PixelFormat[name] ?? aliases.get(name);
  if (value === undefined) {
    throw new InvalidArgumentError(`Unknown pixel format ${JSON.stringify(format)}; use one of ` +
      `${[...Object.keys(PixelFormat), ...aliases.keys()].map((key) => key.toLowerCase()).join(', ')}`);
  }
  return value;
}

module.exports = { PixelFormat, pixelFormatValue };
