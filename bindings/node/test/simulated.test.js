'use strict';
// A simulated reading (the library's synthetic fingertip, no camera, no license): the result, the events by type,
// the catch-all 'event', the async iterator and the promise all tell the same story.
const test = require('node:test');
const assert = require('node:assert/strict');
const nfv = require('..');

test('a fast simulated reading at 64 bpm completes with that heart rate', async (t) => {
  const session = new nfv.Session().useSimulator({ realTime: false, heartRateBpm: 64, seed: 3 });
  const types = [];
  const beats = [];
  session.on('event', (event) => types.push(event.type));
  session.on('heartbeat', (beat) => beats.push(beat));
  const result = await session.run();
  t.diagnostic(`simulated reading: heart rate ${result.heartRateBpm.toFixed(2)} bpm (simulated 64)`);
  assert.ok(Math.abs(result.heartRateBpm - 64) <= 1, `heart rate ${result.heartRateBpm}`);
  assert.ok(result.quality >= 2, `quality ${result.quality}`);
  assert.equal(types[0], 'state');
  assert.ok(types.indexOf('started') < types.indexOf('measurementComplete'));
  assert.ok(types.indexOf('measurementComplete') < types.indexOf('completed'));
  assert.equal(types.at(-1), 'state');
  // About one beat a second for the 60 s reading, each after the first with its interval.
  assert.ok(beats.length >= 55 && beats.length <= 75, `${beats.length} beats`);
  const intervals = beats.filter((beat) => beat.ibiMs !== undefined).map((beat) => beat.ibiMs);
  const meanInterval = intervals.reduce((sum, value) => sum + value, 0) / intervals.length;
  assert.ok(Math.abs(60000 / meanInterval - 64) < 2, `mean interval ${meanInterval} ms`);
  assert.equal(session.ended, true);
  assert.deepEqual(session.state.state, 'completed');
  session.close();
});

test('the async iterator yields every event in order and ends with the stream', async () => {
  const session = new nfv.Session().useSimulator({ realTime: false, heartRateBpm: 80 });
  const emitted = [];
  session.on('event', (event) => emitted.push(event));
  const events = session.events(); // before start(): events may arrive while start() is awaited
  await session.start();
  const iterated = [];
  for await (const event of events) iterated.push(event);
  assert.deepEqual(iterated, emitted);
  assert.equal(iterated.at(-1).state, 'completed');
  const completed = iterated.find((event) => event.type === 'completed');
  assert.deepEqual(await session.result, completed.result);
  assert.ok(Math.abs(completed.result.heartRateBpm - 80) <= 1);
  // An iterator made after the end finishes at once.
  const late = await session.events().next();
  assert.equal(late.done, true);
  session.close();
});

test('leaving a for-await loop early detaches it; the session goes on', async () => {
  const session = new nfv.Session().useSimulator({ realTime: false });
  const events = session[Symbol.asyncIterator]();
  await session.start();
  let seen = 0;
  for await (const event of events) {
    seen += 1;
    if (event.type === 'started') break;
  }
  assert.ok(seen >= 1);
  const result = await session.result;
  assert.ok(Math.abs(result.heartRateBpm - 70) <= 1, `heart rate ${result.heartRateBpm}`);
  session.close();
});

test('stop before a result ends the stream and rejects the result with MisuseError', async () => {
  const session = new nfv.Session().useSimulator({ realTime: true });
  await session.start();
  const states = [];
  session.on('state', (event) => states.push(event.state));
  session.stop();
  await assert.rejects(session.result, (error) => error instanceof nfv.MisuseError && error.status === 9);
  await new Promise((resolve) => (session.ended ? resolve() : session.once('end', resolve)));
  assert.equal(session.ended, true);
  session.stop(); // idempotent
  session.close();
});

test('cancelReading while measuring delivers cancelled(cancelledByApp) with the reason as detail', async () => {
  const session = new nfv.Session({ autoRestartAfterCancel: false }).useSimulator({ realTime: false });
  session.once('started', () => session.cancelReading('user tapped cancel'));
  const cancelled = new Promise((resolve) => session.once('cancelled', resolve));
  const idle = new Promise((resolve) => session.on('state', (event) => event.state === 'idle' && resolve()));
  await session.start();
  const event = await cancelled;
  assert.equal(event.reason, 'cancelledByApp');
  assert.equal(event.detail, 'user tapped cancel');
  await idle;
  assert.equal(session.ended, false); // idle after a cancel: start() may run it again
  session.close();
  await assert.rejects(session.result, nfv.MisuseError);
});

test('close() inside an event handler neither deadlocks nor delivers more events', async () => {
  const session = new nfv.Session().useSimulator({ realTime: false });
  let after = 0;
  let closed = false;
  session.on('event', () => {
    if (closed) after += 1;
  });
  session.on('heartbeat', () => {
    if (!closed) {
      closed = true;
      session.close();
    }
  });
  await session.start();
  await assert.rejects(session.result, nfv.MisuseError);
  await new Promise((resolve) => setTimeout(resolve, 200));
  assert.equal(after, 0);
  assert.throws(() => session.state, nfv.InvalidArgumentError);
});

test('the library reports its versions', () => {
  const info = nfv.libraryInfo();
  assert.equal(info.abiVersion, 1);
  assert.match(info.version, /^\d+\.\d+\.\d+$/);
  assert.match(info.buildDate, /^\d{4}-\d{2}-\d{2}$/);
});

test('close() while start() is still on the worker thread: a coded rejection or a start, never a crash', async () => {
  for (let round = 0; round < 20; round += 1) {
    const session = new nfv.Session().useSimulator({ realTime: false });
    const starting = session.start();
    session.close();
    await starting.catch((error) => assert.ok(error instanceof nfv.NeurofitVitalsError, String(error)));
    await assert.rejects(session.result, nfv.MisuseError);
  }
});

test('twenty concurrent readings each get their own heart rate', async () => {
  const rates = Array.from({ length: 20 }, (_, index) => 55 + 2 * index);
  const sessions = rates.map((heartRateBpm) => new nfv.Session().useSimulator({ realTime: false, heartRateBpm }));
  const results = await Promise.all(sessions.map((session) => session.run()));
  results.forEach((result, index) => assert.ok(Math.abs(result.heartRateBpm - rates[index]) <= 1,
    `${result.heartRateBpm} for ${rates[index]}`));
  for (const session of sessions) session.close();
});
