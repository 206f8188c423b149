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
          let afterClose = 0, phase;
          session.on('event', () => { if (session.closed) afterClose += 1; });
          // Where the library was when close() ran: past 'measuring' (a loaded machine, a late immediate), it may
          // have handed 'measurementComplete' over already, and then the result still comes.
          session.on('started', () => closer(() => { phase = session.state.state; session.close(); }));
          await session.start();
          const error = await session.result.then(() => null, (failure) => failure);
          await new Promise((resolve) => setTimeout(resolve, 30));
          rounds.push({ mode, afterClose, error: error?.code ?? null, ended: session.ended, phase });
        }
      }
      console.log(JSON.stringify(rounds));
    })();
  `, { args: [String(ROUNDS)], timeoutMs: 120000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  const rounds = JSON.parse(child.stdout);
  assert.equal(rounds.length, ROUNDS * 2);
  for (const round of rounds.filter((each) => each.phase === 'measuring')) {
    assert.deepEqual(round, { mode: round.mode, afterClose: 0, error: 'misuse', ended: true, phase: 'measuring' });
  }
  // Later, the library may have handed over 'measurementComplete' (then the result comes, perhaps before the close)
  // or not (then nothing more is emitted).
  for (const round of rounds.filter((each) => each.phase !== 'measuring')) {
    assert.ok(round.ended && (round.error === null || (round.error === 'misuse' && round.afterClose === 0)),
      JSON.stringify(round));
  }
  // Some closes land while the library is measuring: the case this test is about.
  assert.ok(rounds.some((round) => round.phase === 'measuring'), JSON.stringify(rounds));
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

// What close() delivers is the library's answer, not the addon's bookkeeping: whether it still owes the result (its
// release notice comes after it) or has handed over everything (then what it handed is still queued for JavaScript
// or already emitted). `session.state` asks the library where the reading is while JavaScript is held up, so the
// queue is in a known state when close() runs.
const waitForLibraryState = `
  const waitFor = (session, phase) => {
    const until = Date.now() + 60000;
    while (session.state.state !== phase && Date.now() < until) { /* JavaScript held up: events queue */ }
  };
  // The state moves before the event thread hands the matching events over: a second lets it catch up.
  const pause = (ms) => { const until = Date.now() + ms; while (Date.now() < until) { /* held up */ } };
  const nativeSessions = require(process.env.NFV_NODE_PACKAGE + '/lib/native').addon.nativeSessions;
  // Collections until every native session is freed (at most 3 s: a loaded machine runs finalizers late).
  const settle = async () => {
    for (let i = 0; i < 60 && (i < 6 || nativeSessions() > 0); i += 1) {
      global.gc();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
`;

test('close() once the library has handed over the result, before JavaScript saw it: the queued events up to the result still come', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    ${waitForLibraryState}
    (async () => {
      const rounds = [];
      for (const holdUp of ['started', 'measurementComplete']) {
        let session = new nfv.Session().useSimulator({ realTime: false, heartRateBpm: 66, seed: 3 });
        const seen = [];
        let afterEnd = 0, ended = false;
        session.on('event', (event) => { seen.push(event.type); if (ended) afterEnd += 1; });
        session.on('end', () => { ended = true; });
        session.once(holdUp, () => { waitFor(session, 'completed'); pause(1000); session.close(); });
        await session.start();
        const result = await session.result;
        await new Promise((resolve) => setTimeout(resolve, 50));
        rounds.push({ holdUp, rate: result.heartRateBpm, last: seen.at(-1), afterEnd, ended: session.ended,
          measured: seen.includes('measurementComplete') });
        session = null;
      }
      await settle();
      console.log(JSON.stringify({ rounds, native: nativeSessions() }));
    })();
  `, { nodeOptions: ['--expose-gc'], timeoutMs: 120000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  const { rounds, native } = JSON.parse(child.stdout);
  assert.equal(rounds.length, 2);
  for (const round of rounds) {
    assert.ok(Math.abs(round.rate - 66) <= 2, JSON.stringify(round));
    // The library's final `state` (queued behind the result) is not emitted after a close.
    assert.deepEqual({ ...round, rate: 0 }, { holdUp: round.holdUp, rate: 0, last: 'completed', afterEnd: 0,
      ended: true, measured: true });
  }
  assert.equal(native, 0, 'every native session was freed once the library let go of it');
});

test('close() while the library is measuring, with events queued (JavaScript held up): none of them is emitted, and the session is freed', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    ${waitForLibraryState}
    (async () => {
      const rounds = [];
      // At real time the library is surely still measuring 100 ms after 'started' (a simulator running as fast as
      // it can finishes a whole reading within that time on an idle machine, and the round would test nothing).
      for (let i = 0; i < 2; i += 1) {
        let session = new nfv.Session().useSimulator({ realTime: true, seed: i });
        let afterClose = 0, ends = 0, phase;
        session.on('event', () => { if (session.closed) afterClose += 1; });
        session.on('end', () => { ends += 1; });
        session.once('started', () => { pause(100); phase = session.state.state; session.close(); });
        await session.start();
        // Only the code is kept: an error's unformatted stack trace holds the session that made it.
        const code = await session.result.then(() => null, (failure) => failure.code);
        await new Promise((resolve) => setTimeout(resolve, 50));
        rounds.push({ afterClose, ends, error: code, ended: session.ended, phase });
        session = null;
      }
      const before = nativeSessions();
      await settle();
      console.log(JSON.stringify({ rounds, before, after: nativeSessions() }));
    })();
  `, { nodeOptions: ['--expose-gc'], timeoutMs: 120000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  const { rounds, after } = JSON.parse(child.stdout);
  // Rounds whose reading had already left 'measuring' (a loaded machine) test nothing here.
  const measuring = rounds.filter((round) => round.phase === 'measuring');
  assert.ok(measuring.length > 0, JSON.stringify(rounds));
  for (const round of measuring) {
    assert.deepEqual(round, { afterClose: 0, ends: 1, error: 'misuse', ended: true, phase: 'measuring' });
  }
  assert.equal(after, 0, 'every native session was freed after the library\'s notice and the collection');
});

test('the stream ends with the library\'s notice: \'end\' once, after the final state, and a finished session left unclosed is freed', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    ${waitForLibraryState}
    (async () => {
      const order = [];
      let session = new nfv.Session().useSimulator({ realTime: false, heartRateBpm: 84 });
      session.on('event', (event) => order.push(event.type === 'state' ? 'state:' + event.state : event.type));
      session.on('end', () => order.push('end'));
      const result = await session.run();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const during = nativeSessions();
      session = null;
      await settle();
      console.log(JSON.stringify({ rate: result.heartRateBpm, tail: order.slice(-3), ends: order.filter((each) => each === 'end').length, during, after: nativeSessions() }));
    })();
  `, { nodeOptions: ['--expose-gc'], timeoutMs: 120000 });
  assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr}`);
  const outcome = JSON.parse(child.stdout);
  assert.ok(Math.abs(outcome.rate - 84) <= 2, child.stdout);
  assert.deepEqual(outcome.tail, ['completed', 'state:completed', 'end']);
  assert.equal(outcome.ends, 1);
  assert.equal(outcome.during, 1, 'the session is allocated while JavaScript refers to it');
  assert.equal(outcome.after, 0);
});
