'use strict';
/**
 * NeurofitVitals for Linux, for Node.js: a 60-second fingertip camera reading (heart rate, HRV, stress index,
 * breathing rate) through the libNeurofitVitals C library and a Node-API addon.
 *
 *   const nfv = require('neurofit-vitals');
 *   const session = new nfv.Session().useSimulator({ realTime: false });
 *   session.on('heartbeat', (beat) => console.log('beat', beat.ibiMs));
 *   const result = await session.run();
 *
 * See docs/getting-started-node.md.
 */
const errors = require('./lib/errors');
const library = require('./lib/library');
const { Session } = require('./lib/session');
const { PixelFormat } = require('./lib/pixel-format');

module.exports = {
  Session,
  PixelFormat,
  ...library,
  NeurofitVitalsError: errors.NeurofitVitalsError,
  NotActivatedError: errors.NotActivatedError,
  LicenseInvalidError: errors.LicenseInvalidError,
  CameraPermissionDeniedError: errors.CameraPermissionDeniedError,
  CameraUnavailableError: errors.CameraUnavailableError,
  UnsupportedDeviceError: errors.UnsupportedDeviceError,
  NoHeartRateError: errors.NoHeartRateError,
  InternalError: errors.InternalError,
  InvalidArgumentError: errors.InvalidArgumentError,
  MisuseError: errors.MisuseError,
  LibraryLoadError: errors.LibraryLoadError,
};
