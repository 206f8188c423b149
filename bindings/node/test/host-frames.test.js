'use strict';
// Host frames: the application owns the camera and hands frames over from JavaScript. Frames are rendered here
// with a known pulse; every pixel format and buffer kind the C API takes is accepted; previews come back as
// 'previewFrame' events and are dropped, never queued, while JavaScript is busy.
const test = require('node:test');
const assert = require('node:assert/strict');
const nfv = require('..');
const { APP_ID, licenseKey, fingertipRed, renderRgbFrame } = require('./helpers');

const WIDTH = 64;
const HEIGHT = 48;
const FPS = 30;

test.before(() => nfv.activate(licenseKey(), APP_ID));

/** Feeds RGB24 frames of a 68 bpm fingertip until the session wants no more, yielding to the event loop every
 *  `yieldEvery` frames; returns the number of frames fed. */
async function feedFingertip(session, { bpm = 68, yieldEvery = 30, maxSeconds = 120 } = {}) {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  let frame = 0;
  for (; frame < maxSeconds * FPS; frame += 1) {
    const timestampUs = 1_000_000 + Math.round(frame * 1_000_000 / FPS);
    renderRgbFrame(pixels, WIDTH, HEIGHT, fingertipRed(timestampUs / 1e6, bpm));
    if (!session.submitFrame(pixels, 'rgb24', WIDTH, HEIGHT, timestampUs)) break;
    if (frame % yieldEvery === 0) await new Promise(setImmediate);
  }
  return frame;
}

test('a host-frames reading of a 68 bpm fingertip rendered in JavaScript completes with that heart rate', async (t) => {
  const session = new nfv.Session().useHostFrames(FPS);
  const previews = [];
  session.enablePreviewFrames(5).on('previewFrame', (preview) => previews.push(preview));
  let measurementComplete = false;
  session.on('measurementComplete', () => { measurementComplete = true; });
  await session.start();
  const frames = await feedFingertip(session);
  const result = await session.result;
  t.diagnostic(`host-frames reading: heart rate ${result.heartRateBpm.toFixed(2)} bpm (rendered 68)`);
  assert.ok(measurementComplete);
  assert.ok(Math.abs(result.heartRateBpm - 68) <= 1, `heart rate ${result.heartRateBpm}`);
  assert.ok(frames >= 60 * FPS && frames < 120 * FPS, `${frames} frames`);
  // Previews: small RGB pictures of what was fed (red fingertip), rows packed.
  assert.ok(previews.length > 10, `${previews.length} previews`);
  const preview = previews[previews.length >> 1];
  assert.ok(preview.width > 0 && preview.width <= 160 && preview.height > 0);
  assert.equal(preview.rgb.length, preview.width * preview.height * 3);
  assert.ok(preview.rgb[0] >= 165 && preview.rgb[1] <= 10, `first pixel ${[...preview.rgb.subarray(0, 3)]}`);
  assert.ok(preview.timestamp > 1 && preview.timestamp < 200);
  session.close();
});

test('previews are dropped, not queued, while JavaScript is busy', async () => {
  const session = new nfv.Session().useHostFrames(FPS).enablePreviewFrames(60);
  const previews = [];
  session.on('previewFrame', (preview) => previews.push(preview));
  await session.start();
  const pixels = renderRgbFrame(Buffer.alloc(WIDTH * HEIGHT * 3), WIDTH, HEIGHT, 170);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let frame = 0; frame < 100; frame += 1) { // the JavaScript thread busy for a second, never yielding
    session.submitFrame(pixels, nfv.PixelFormat.RGB24, WIDTH, HEIGHT, 1_000_000 + frame * 33_333);
    Atomics.wait(pause, 0, 0, 10);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.ok(previews.length >= 1 && previews.length <= 2, `${previews.length} previews delivered`);
  const dropped = previews.reduce((sum, preview) => sum + preview.dropped, 0);
  assert.ok(dropped > 50, `${dropped} dropped`);
  session.close();
});

/** A frame of `format` with the planes the C API expects for width x height (odd sizes included). */
function frameOf(format, width, height) {
  const halfWidth = Math.ceil(width / 2);
  const halfHeight = Math.ceil(height / 2);
  switch (format) {
    case 'rgb24': case 'bgr24': return { bytes: width * height * 3, stride: 0 };
    case 'rgba': case 'bgra': return { bytes: width * height * 4, stride: 0 };
    case 'yuyv': return { bytes: 4 * halfWidth * height, stride: 0 };
    case 'nv12': { const stride = 2 * halfWidth; return { bytes: stride * height + stride * halfHeight, stride }; }
    case 'i420': return { bytes: width * height + 2 * halfWidth * halfHeight, stride: width };
    default: throw new Error(format);
  }
}

test('every pixel format is accepted at its exact size and refused one byte short', async () => {
  for (const format of ['rgb24', 'bgr24', 'rgba', 'bgra', 'yuyv', 'nv12', 'i420']) {
    for (const [width, height] of [[64, 48], [33, 17]]) {
      const session = new nfv.Session().useHostFrames(FPS);
      await session.start();
      const { bytes, stride } = frameOf(format, width, height);
      const pixels = Buffer.alloc(bytes, 128);
      assert.equal(session.submitFrame(pixels, format, width, height, 1_000_000, stride), true,
        `${format} ${width}x${height}`);
      assert.throws(() => session.submitFrame(pixels.subarray(1), format, width, height, 1_100_000, stride),
        (error) => error instanceof nfv.InvalidArgumentError && error.status === 8 && error.code === 'invalidArgument',
        `${format} ${width}x${height} one byte short`);
      session.close();
    }
  }
});

test('Buffers, TypedArrays (at an offset), DataViews, ArrayBuffers and BigInt timestamps are taken', async () => {
  const session = new nfv.Session().useHostFrames(FPS);
  await session.start();
  const size = WIDTH * HEIGHT * 3;
  const backing = new ArrayBuffer(size + 16);
  const views = [
    renderRgbFrame(Buffer.alloc(size), WIDTH, HEIGHT, 170),
    new Uint8Array(backing, 16, size),
    new Uint8ClampedArray(size),
    new Uint16Array(size / 2),
    new DataView(backing, 8, size),
    new ArrayBuffer(size),
  ];
  let timestampUs = 1_000_000n;
  for (const view of views) {
    assert.equal(session.submitFrame(view, 'rgb', WIDTH, HEIGHT, timestampUs), true, view.constructor.name);
    timestampUs += 33_333n;
  }
  // A view at an offset is read from its offset: one byte short of the frame is refused.
  assert.throws(() => session.submitFrame(new Uint8Array(backing, 17, size - 1), 'rgb', WIDTH, HEIGHT, timestampUs),
    nfv.InvalidArgumentError);
  session.close();
});

test('means and motion samples feed a host-frames session too', async () => {
  const session = new nfv.Session().useHostFrames(FPS);
  await session.start();
  let fed = 0;
  for (let frame = 0; frame < 120 * FPS; frame += 1) {
    const timestampUs = 1_000_000 + Math.round(frame * 1_000_000 / FPS);
    session.submitMotion(timestampUs, 0, 0, 9.81);
    if (!session.submitMeans(timestampUs, fingertipRed(timestampUs / 1e6, 75), 5, 20)) break;
    fed += 1;
    if (frame % 60 === 0) await new Promise(setImmediate);
  }
  const result = await session.result;
  assert.ok(fed >= 60 * FPS);
  assert.ok(Math.abs(result.heartRateBpm - 75) <= 1, `heart rate ${result.heartRateBpm}`);
  session.close();
});
