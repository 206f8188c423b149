'use strict';
// Bad inputs give coded errors: an Error subclass per C status, with `code`, `status`, `message` and `retryable`,
// never a crash. The tests run in order: the first one needs a process that has not been activated yet.
const test = require('node:test');
const assert = require('node:assert/strict');
const nfv = require('..');
const { APP_ID, licenseKey, runChild } = require('./helpers');

/** An assert.throws/rejects matcher: the error is `Type` with its code and status, and its message matches. */
function coded(Type, pattern = /./) {
  return (error) => {
    assert.ok(error instanceof Type, `${error?.name}: ${error?.message}`);
    assert.ok(error instanceof nfv.NeurofitVitalsError && error instanceof Error);
    assert.equal(error.code, Type.code);
    assert.equal(error.status, Type.status);
    assert.equal(typeof error.retryable, 'boolean');
    assert.match(error.message, pattern);
    return true;
  };
}

test('host frames need activation: start() rejects with NotActivatedError before activate()', async () => {
  const session = new nfv.Session().useHostFrames(30);
  await assert.rejects(session.start(), coded(nfv.NotActivatedError));
  assert.equal(session.ended, false); // a failed start leaves the session as it was
  session.close();
});

test('bad license keys: LicenseInvalidError with the reason a program can act on', () => {
  assert.throws(() => nfv.activate('not a key', APP_ID), (error) => coded(nfv.LicenseInvalidError)(error) &&
    error.reason === 'malformed');
  const key = licenseKey();
  const middle = key.length >> 1;
  const altered = key.slice(0, middle) + (key[middle] === 'A' ? 'B' : 'A') + key.slice(middle + 1);
  assert.throws(() => nfv.activate(altered, APP_ID), (error) => coded(nfv.LicenseInvalidError)(error) &&
    ['badSignature', 'malformed'].includes(error.reason));
  assert.throws(() => nfv.activate(key, 'com.other.app'), (error) => coded(nfv.LicenseInvalidError)(error) &&
    error.reason === 'appNotListed');
  assert.throws(() => nfv.activate('', APP_ID), coded(nfv.InvalidArgumentError));
  assert.throws(() => nfv.activate(42, APP_ID), coded(nfv.InvalidArgumentError, /key must be a string/));
  assert.equal(nfv.licenseStatus().activated, false);
  const activated = nfv.activate(key, APP_ID);
  assert.equal(activated.activated, true, 'activate() returns the new status');
  const status = nfv.licenseStatus();
  assert.deepEqual(status, activated);
  assert.equal(status.activated, true);
  assert.equal(status.appId, APP_ID);
  assert.equal(JSON.stringify(status).includes(key), false, 'the key text is not echoed');
});

test('bad configurations: InvalidArgumentError naming the key', () => {
  assert.throws(() => new nfv.Session('{"readingDuration": '),
    coded(nfv.InvalidArgumentError, /Invalid configuration/));
  assert.throws(() => new nfv.Session({ readingDuration: -5 }), coded(nfv.InvalidArgumentError, /readingDuration/));
  assert.throws(() => new nfv.Session({ noSuchKey: true }), coded(nfv.InvalidArgumentError, /noSuchKey/));
  assert.throws(() => new nfv.Session(12), coded(nfv.InvalidArgumentError));
  assert.throws(() => new nfv.Session().useSimulator({ heartRateBpm: 500 }),
    coded(nfv.InvalidArgumentError, /heartRateBpm/));
  assert.throws(() => new nfv.Session().useHostFrames(0), coded(nfv.InvalidArgumentError));
  assert.throws(() => new nfv.Session().useHostFrames(30.5), coded(nfv.InvalidArgumentError, /fpsTier/));
  assert.throws(() => new nfv.Session().useReplay('/nonexistent/reading.csv'), coded(nfv.InvalidArgumentError));
  assert.throws(() => new nfv.Session().enablePreviewFrames(61), coded(nfv.InvalidArgumentError));
  assert.throws(() => new nfv.Session().useCamera('/dev/video0\0x'), coded(nfv.InvalidArgumentError, /NUL/));
});

test('calls in the wrong order: MisuseError', async () => {
  const session = new nfv.Session().useHostFrames(30);
  const pixels = Buffer.alloc(64 * 48 * 3);
  assert.throws(() => session.submitFrame(pixels, 'rgb24', 64, 48, 1_000_000), coded(nfv.MisuseError));
  assert.throws(() => session.useSimulator(), coded(nfv.MisuseError, /source/));
  await session.start();
  await assert.rejects(session.start(), coded(nfv.MisuseError, /already running/));
  assert.throws(() => session.useHostFrames(30), coded(nfv.MisuseError));
  assert.throws(() => session.enablePreviewFrames(10), coded(nfv.MisuseError));
  session.stop();
  await assert.rejects(session.result, coded(nfv.MisuseError, /stopped/));
  await assert.rejects(session.start(), coded(nfv.MisuseError));
  session.close();
  for (const call of [() => session.state, () => session.useCamera(), () => session.submitMeans(1, 1, 1, 1),
    () => session.cancelReading()]) {
    assert.throws(call, coded(nfv.InvalidArgumentError, /closed/));
  }
  await assert.rejects(session.start(), coded(nfv.InvalidArgumentError, /closed/));
  session.close(); // idempotent
});

test('wrong frame sizes, strides, formats and timestamps: InvalidArgumentError, and the session goes on', async () => {
  const session = new nfv.Session().useHostFrames(30);
  await session.start();
  const pixels = Buffer.alloc(64 * 48 * 3);
  const bad = [
    [() => session.submitFrame(pixels.subarray(0, 100), 'rgb24', 64, 48, 1_000), /size|small|bytes/i],
    [() => session.submitFrame(pixels, 'rgb24', 0, 48, 1_000), /width/i],
    [() => session.submitFrame(pixels, 'rgb24', 64, 20000, 1_000), /./],
    [() => session.submitFrame(pixels, 'rgb24', 64, 48, 1_000, 10), /stride/i],
    [() => session.submitFrame(pixels, 'rgb24', 64, 48, 1_000, -1), /stride/i],
    [() => session.submitFrame(pixels, 99, 64, 48, 1_000), /format/i],
    [() => session.submitFrame(pixels, 'rgb565', 64, 48, 1_000), /pixel format/i],
    [() => session.submitFrame('pixels', 'rgb24', 64, 48, 1_000), /pixels must be/],
    [() => session.submitFrame(pixels, 'rgb24', 64, 48, 1.5), /timestampUs/],
    [() => session.submitFrame(pixels, 'rgb24', 64, 48, 2n ** 64n), /timestampUs/],
    [() => session.submitFrame(pixels, 'rgb24', 64.5, 48, 1_000), /width/],
    [() => session.submitMeans(2_000, 300, 5, 20), /./],
    [() => session.submitMeans(2_000, Number.NaN, 5, 20), /./],
    [() => session.submitMeans(2_000, '170', 5, 20), /red must be a number/],
  ];
  for (const [call, pattern] of bad) assert.throws(call, coded(nfv.InvalidArgumentError, pattern));
  assert.equal(session.submitFrame(pixels, 'rgb24', 64, 48, 5_000), true);
  assert.throws(() => session.submitFrame(pixels, 'rgb24', 64, 48, 5_000), coded(nfv.InvalidArgumentError),
    'a timestamp that does not increase');
  assert.equal(session.submitFrame(pixels, 'rgb24', 64, 48, 6_000), true, 'the session goes on');
  session.close();
});

test('analyze and compare: results and coded errors', () => {
  const count = 60 * 30;
  const timestamps = new Float64Array(count);
  const red = new Float64Array(count);
  for (let i = 0; i < count; i += 1) {
    timestamps[i] = 1 + i / 30;
    const phase = (timestamps[i] * 72 / 60) % 1;
    const shape = phase < 0.2 ? Math.sin(Math.PI * phase / 0.2)
      : Math.exp(-(phase - 0.2) * 4) * Math.cos((phase - 0.2) * Math.PI / 1.6);
    red[i] = 170 + 3 * shape;
  }
  const result = nfv.analyze({ timestamps, red, green: new Float64Array(count).fill(5), blue: Array(count).fill(20) });
  assert.ok(Math.abs(result.heartRateBpm - 72) <= 1, `heart rate ${result.heartRateBpm}`);
  assert.throws(() => nfv.analyze({ timestamps, red, green: red, blue: red.subarray(1) }),
    coded(nfv.InvalidArgumentError, /same length/));
  const flat = (value) => new Float64Array(count).fill(value);
  assert.throws(() => nfv.analyze({ timestamps, red: flat(170), green: flat(5), blue: flat(20) }),
    coded(nfv.NoHeartRateError, /No heart rate/));
  const change = nfv.compare(result, { ...result, heartRateBpm: result.heartRateBpm + 8 });
  assert.equal(change.heartRateBpm.beyondTypicalVariation, true);
  assert.throws(() => nfv.compare('[]', result), coded(nfv.InvalidArgumentError));
});

test('error objects keep the library\'s error object and unknown codes', () => {
  const error = new nfv.LicenseInvalidError('Key rejected', { retryable: false, reason: 'badSignature' });
  assert.deepEqual(error.toJSON(), { code: 'licenseInvalid', message: 'Key rejected', retryable: false,
    reason: 'badSignature' });
  assert.equal(error.name, 'LicenseInvalidError');
  assert.equal(nfv.MisuseError.status, 9);
});

test('an addon that cannot be loaded is a LibraryLoadError naming it', () => {
  const child = runChild(`
    try { require(process.env.NFV_NODE_PACKAGE); } catch (error) { console.log(error.name, error.code, error.message); }
  `, { env: { NFV_NODE_ADDON: '/nonexistent/neurofit_vitals.node' } });
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /^LibraryLoadError libraryLoad Could not load the neurofit_vitals addon \/nonexistent\//);
});
