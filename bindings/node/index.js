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
const {
  NeurofitVitalsError, NotActivatedError, LicenseInvalidError, CameraPermissionDeniedError, CameraUnavailableError,
  UnsupportedDeviceError, NoHeartRateError, InternalError, InvalidArgumentError, MisuseError, LibraryLoadError,
} = require('./lib/errors');
const {
  libraryInfo, activate, licenseStatus, deviceSupport, cameraAccess, cameras, analyze, compare, setLogging,
} = require('./lib/library');
const { Session } = require('./lib/session');
const { PixelFormat } = require('./lib/pixel-format');

// Listed name by name (no spread) so that ES modules can import them by name too.
module.exports = {
  Session, PixelFormat,
  libraryInfo, activate, licenseStatus, deviceSupport, cameraAccess, cameras, analyze, compare, setLogging,
  NeurofitVitalsError, NotActivatedError, LicenseInvalidError, CameraPermissionDeniedError, CameraUnavailableError,
  UnsupportedDeviceError, NoHeartRateError, InternalError, InvalidArgumentError, MisuseError, LibraryLoadError,
};
