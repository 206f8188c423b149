'use strict';
// The camera source from Node, in child processes: through the repository's LD_PRELOAD fake V4L2 camera
// (Tests/camera/fake_camera.c, built by scripts/build-fake-camera; $NFV_FAKE_CAMERA) showing a fingertip with a
// 72 bpm pulse, and on a machine without any camera.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { APP_ID, licenseKey, cameraScene, runChild } = require('./helpers');

const DEVICE = '/dev/video-fake0';
const METADATA_NODE = '/dev/video-fake1';
const TORCH = '/dev/v4l-subdev-fake0';
const SCENE_BPM = 72;

/** The child: device queries, then a full camera reading with previews; prints one JSON line. */
const CAMERA_READING = `
const nfv = require(process.env.NFV_NODE_PACKAGE);
(async () => {
  const out = { support: nfv.deviceSupport(), access: nfv.cameraAccess(), cameras: nfv.cameras() };
  nfv.activate(process.argv[1], process.argv[2]);
  const session = new nfv.Session().useCamera(process.argv[3]).enablePreviewFrames(5);
  out.previews = 0;
  out.types = {};
  session.on('previewFrame', () => { out.previews += 1; });
  session.on('event', (event) => { out.types[event.type] = (out.types[event.type] || 0) + 1; });
  try {
    out.result = await session.run();
  } catch (error) {
    out.error = { name: error.name, code: error.code, message: error.message };
  }
  session.close();
  console.log(JSON.stringify(out));
})();
`;

function fakeCameraEnvironment(workdir) {
  const scene = path.join(workdir, 'scene.txt');
  fs.writeFileSync(scene, cameraScene(SCENE_BPM, 150));
  return {
    LD_PRELOAD: process.env.NFV_FAKE_CAMERA,
    FAKE_CAMERA_DEVICE: DEVICE,
    FAKE_CAMERA_META: METADATA_NODE,
    FAKE_CAMERA_SUBDEV: TORCH,
    FAKE_CAMERA_MODES: 'YUYV:640x480@30',
    FAKE_CAMERA_SCENE: scene,
    FAKE_CAMERA_STATE: path.join(workdir, 'camera.state'),
    FAKE_CAMERA_SPEED: '3',
    NFV_VIDEO_DEVICES: `${METADATA_NODE}:${DEVICE}`,
    NFV_TORCH: `flash-subdevice:${TORCH}`,
  };
}

/** The fake's state file (key=value lines) as an object. */
function cameraState(workdir) {
  const file = path.join(workdir, 'camera.state');
  if (!fs.existsSync(file)) return {};
  return Object.fromEntries(fs.readFileSync(file, 'utf8').trim().split('\n').map((line) => line.split('=')));
}

test('a camera reading through the fake V4L2 camera completes with the scene\'s heart rate', (t) => {
  assert.ok(process.env.NFV_FAKE_CAMERA, 'NFV_FAKE_CAMERA must name the fake camera (scripts/build-fake-camera)');
  const workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'nfv-node-camera-'));
  try {
    const child = runChild(CAMERA_READING, {
      env: fakeCameraEnvironment(workdir), args: [licenseKey(), APP_ID, DEVICE], timeoutMs: 150000,
    });
    assert.equal(child.status, 0, `exit ${child.status} ${child.signal}: ${child.stderr.slice(-800)}`);
    const out = JSON.parse(child.stdout.trim().split('\n').at(-1));
    assert.equal(out.support.isSupported, true, JSON.stringify(out.support));
    assert.equal(out.access.authorization, 'authorized');
    assert.deepEqual(out.cameras.map((camera) => camera.path), [DEVICE]);
    assert.equal(out.error, undefined, JSON.stringify(out.error));
    t.diagnostic(`camera reading: heart rate ${out.result.heartRateBpm.toFixed(2)} bpm (scene ${SCENE_BPM})`);
    assert.ok(Math.abs(out.result.heartRateBpm - SCENE_BPM) <= 1, `heart rate ${out.result.heartRateBpm}`);
    assert.equal(out.result.diagnostics.torch_active, true);
    assert.ok(out.types.started >= 1 && out.types.measurementComplete === 1, JSON.stringify(out.types));
    assert.ok(out.previews > 10, `${out.previews} preview frames`);
    const state = cameraState(workdir);
    assert.equal(state.open_fds, '0', `camera left open: ${JSON.stringify(state)}`);
    assert.equal(state.streaming, '0');
    assert.equal(fs.readFileSync(path.join(workdir, 'camera.state.torch'), 'utf8').trim(), '0', 'torch left on');
  } finally {
    fs.rmSync(workdir, { recursive: true, force: true });
  }
});

test('without a camera the queries say so and useCamera() throws a coded error', () => {
  const child = runChild(`
    const nfv = require(process.env.NFV_NODE_PACKAGE);
    const out = { cameras: nfv.cameras(), support: nfv.deviceSupport() };
    nfv.activate(process.argv[1], process.argv[2]);
    try { new nfv.Session().useCamera(); } catch (error) {
      out.error = { name: error.name, code: error.code, status: error.status,
                    coded: error instanceof nfv.NeurofitVitalsError };
    }
    console.log(JSON.stringify(out));
  `, { env: { NFV_VIDEO_DEVICES: '' }, args: [licenseKey(), APP_ID] });
  assert.equal(child.status, 0, child.stderr);
  const out = JSON.parse(child.stdout);
  assert.deepEqual(out.cameras, []);
  assert.equal(out.support.hasCamera, false);
  assert.equal(out.support.isSupported, false);
  assert.deepEqual(out.error, { name: 'CameraUnavailableError', code: 'cameraUnavailable', status: 4, coded: true });
});
