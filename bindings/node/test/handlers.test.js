'use strict';
// A handler that throws (or an async handler that rejects) never crashes the process: the error goes to the
// session's 'error' listeners, else it becomes one process warning; the other handlers and the reading go on.
const test = require('node:test');
const assert = require('node:assert/strict');
const nfv = require('..');
const { APP_ID, licenseKey, fingertipRed, renderRgbFrame, runChild } = require('./helpers');

test('throwing and rejecting handlers are reported to \'error\' listeners and the reading completes', async () => {
  const session = new nfv.Session().useSimulator({ realTime: false, heartRateBpm: 66 });
  const reported = [];
  let beats = 0;
  session.on('heartbeat', () => { throw new Error('a heartbeat handler bug'); });
  session.on('heartbeat', () => { beats += 1; });
  session.on('preview', async () => { throw new RangeError('an async preview handler bug'); });
  session.on('error', (error, type) => reported.push([type, error.message]));
  const result = await session.run();
  await new Promise(setImmediate); // the rejections of the async handlers
  assert.ok(Math.abs(result.heartRateBpm - 66) <= 1, `heart rate ${result.heartRateBpm}`);
  const heartbeatErrors = reported.filter(([type]) => type === 'heartbeat');
  const previewErrors = reported.filter(([type]) => type === 'preview');
  assert.equal(heartbeatErrors.length, beats, 'every throw is reported; the next listener still ran');
  assert.ok(previewErrors.length > 50);
  assert.ok(previewErrors.every(([, message]) => message === 'an async preview handler bug'));
  assert.equal(session.handlerErrors, reported.length);
  session.close();
});

test('a throwing previewFrame handler does not stop previews or the reading', async () => {
  nfv.activate(licenseKey(), APP_ID);
  const session = new nfv.Session({ readingDuration: 10 }).useHostFrames(30).enablePreviewFrames(10);
  let errors = 0;
  session.on('previewFrame', () => { throw new Error('preview bug'); });
  session.on('error', () => { errors += 1; });
  await session.start();
  const pixels = Buffer.alloc(32 * 24 * 3);
  for (let frame = 0; frame < 30 * 30; frame += 1) {
    const t = 1 + frame / 30;
    renderRgbFrame(pixels, 32, 24, fingertipRed(t, 70));
    if (!session.submitFrame(pixels, 'rgb24', 32, 24, Math.round(t * 1e6))) break;
    if (frame % 15 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await session.result.catch(() => {}); // a 10 s reading: the outcome itself is not the point
  assert.ok(errors > 5, `${errors} preview handler errors reported`);
  assert.equal(session.ended, true);
  session.close();
});

test('without an \'error\' listener a throwing handler is one process warning, and the process exits normally', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    const session = new nfv.Session().useSimulator({ realTime: false });
    session.on('heartbeat', () => { throw new Error('handler bug in heartbeat'); });
    session.on('state', (event) => { if (event.state === 'measuring') throw new TypeError('handler bug in state'); });
    session.run().then((result) => console.log('heart rate', result.heartRateBpm.toFixed(1), session.handlerErrors));
  `);
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /heart rate 70\.\d \d+/);
  assert.equal(Number(child.stdout.trim().split(' ').at(-1)) > 50, true, child.stdout);
  const warnings = child.stderr.match(/\[NFV_HANDLER_ERROR\]/g) ?? [];
  assert.equal(warnings.length, 1, child.stderr);
  assert.match(child.stderr, /handler bug in (heartbeat|state)/);
});

test('an \'error\' listener that throws itself is a warning too, never a crash', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    const session = new nfv.Session().useSimulator({ realTime: false });
    session.on('started', () => { throw new Error('first bug'); });
    session.on('error', () => { throw new Error('bug in the error listener'); });
    session.run().then((result) => console.log('completed', result.quality));
  `);
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /completed \d/);
  assert.match(child.stderr, /NFV_HANDLER_ERROR.*'error' handler threw[^]*bug in the error listener/);
});
