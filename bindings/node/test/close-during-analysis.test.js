'use strict';
// close() while the reading is being analysed: once 'measurementComplete' was handed over, the library still
// delivers the result after a destroy, and the addon keeps its channel and state until then. Seen from child
// processes, many rounds each (the races are between the library's event thread and the JavaScript thread).
const test = require('node:test');
const assert = require('node:assert/strict');
const { APP_ID, licenseKey, runChild } = require('./helpers');

const ROUNDS = 20;

test('close() right after measurementComplete: the result still arrives, nothing follows it, the process exits', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    const closers = {
      handler: (close) => close(),
      microtask: (close) => queueMicrotask(close),
      immediate: (close) => setImmediate(close),
      timer: (close) => setTimeout(close, 0),
    };
    (async () => {
      const rounds = [];
      for (let i = 0; i < Number(process.argv[1]); i += 1) {
        for (const [mode, closer] of Object.entries(closers)) {
          const session = new nfv.Session().useSimulator({ realTime: false, heartRateBpm: 75, seed: i });
          const seen = [];
          let ended = false, afterEnd = 0, closedBeforeResult = false;
          session.on('event', (event) => { seen.push(event.type); if (ended) afterEnd += 1; });
          session.on('completed', () => { closedBeforeResult = session.closed; });
          session.on('end', () => { ended = true; });
          session.on('measurementComplete', () => closer(() => session.close()));
          await session.start();
          const result = await session.result;
          await new Promise((resolve) => setTimeout(resolve, 30)); // time for a stray event to show up
          rounds.push({ mode, rate: result.heartRateBpm, last: seen.at(-1), afterEnd, closedBeforeResult,
            closed: session.closed, measured: seen.includes('measurementComplete') });
        }
      }
      console.log(JSON.stringify(rounds));
    })();
  `, { args: [String(ROUNDS)], timeoutMs: 120000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  const rounds = JSON.parse(child.stdout);
  assert.equal(rounds.length, ROUNDS * 4);
  for (const round of rounds) {
    assert.ok(Math.abs(round.rate - 75) <= 2, JSON.stringify(round));
    assert.ok(round.closed && round.measured, JSON.stringify(round));
    assert.equal(round.afterEnd, 0, JSON.stringify(round));
  }
  // Closed from the handler, the session is closed before its result in every round: the owed path ran each time,
  // and then the library's `state` event after the result is not delivered.
  for (const round of rounds.filter((each) => each.mode === 'handler')) {
    assert.ok(round.closedBeforeResult, JSON.stringify(round));
    assert.equal(round.last, 'completed', JSON.stringify(round));
  }
});

test('close() before measurementComplete: nothing is emitted afterwards and result rejects', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    const closers = { handler: (close) => close(), immediate: (close) => setImmediate(close) };
    (async () => {
      const rounds = [];
      for (let i = 0; i < Number(process.argv[1]); i += 1) {
        for (const [mode, closer] of Object.entries(closers)) {
          const session = new nfv.Session().useSimulator({ realTime: false, seed: i });
          let afterClose = 0;
          session.on('event', () => { if (session.closed) afterClose += 1; });
          session.on('started', () => closer(() => session.close()));
          await session.start();
          const error = await session.result.then(() => null, (failure) => failure);
          await new Promise((resolve) => setTimeout(resolve, 30));
          rounds.push({ mode, afterClose, error: error?.code, ended: session.ended });
        }
      }
      console.log(JSON.stringify(rounds));
    })();
  `, { args: [String(ROUNDS)], timeoutMs: 120000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  const rounds = JSON.parse(child.stdout);
  assert.equal(rounds.length, ROUNDS * 2);
  for (const round of rounds) {
    assert.deepEqual(round, { mode: round.mode, afterClose: 0, error: 'misuse', ended: true });
  }
});

test('a session collected during its analysis is destroyed by its finalizer without a crash', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    const settle = async () => {
      for (let i = 0; i < 4; i += 1) { global.gc(); await new Promise((resolve) => setTimeout(resolve, 25)); }
    };
    const keepAlive = setInterval(() => {}, 1000); // the sessions are unref'd
    let collected = 0;
    const registry = new FinalizationRegistry(() => { collected += 1; });
    (async () => {
      for (let i = 0; i < Number(process.argv[1]); i += 1) {
        await new Promise((resolve) => {
          let session = new nfv.Session().useSimulator({ realTime: false, seed: i }).unref();
          registry.register(session, i);
          session.on('measurementComplete', () => { session = null; resolve(); });
          session.start();
        });
        await settle();
      }
      clearInterval(keepAlive);
      console.log(\`collected \${collected}\`);
    })();
  `, { args: [String(ROUNDS)], nodeOptions: ['--expose-gc'], timeoutMs: 120000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  const collected = Number(child.stdout.match(/collected (\d+)/)?.[1]);
  assert.ok(collected >= ROUNDS / 2, `only ${collected} of ${ROUNDS} sessions were collected: ${child.stdout}`);
});
