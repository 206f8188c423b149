'use strict';
/**
 * Library-wide calls: versions, activation, cameras and device support, and the batch analysis helpers. Each is
 * synchronous (none opens a stream) and throws a NeurofitVitalsError subclass carrying the C status code.
 */
const { addon } = require('./native');
const { InvalidArgumentError } = require('./errors');

/** The loaded library: {version, versionNumber, engineVersion, buildDate, abiVersion}. */
function libraryInfo() {
  return addon.versions();
}

/**
 * Activates the library for this process with an offline license key (docs/license-keys.md).
 * @param {string} key the key text
 * @param {string} [appId] your application's id; omitted: the running executable's name
 * @returns {object} the new license status, as licenseStatus() gives it
 * @throws {LicenseInvalidError} with `reason` "malformed", "badSignature", "updatesExpired", "appNotListed" or
 *   "noTrustedKey"; InvalidArgumentError for an empty key.
 */
function activate(key, appId = null) {
  addon.activate(key, appId);
  return licenseStatus();
}

/** The license state: {activated, licensee?, apps?, features?, updatesUntil?, type?, appId?, warnings}. */
function licenseStatus() {
  return JSON.parse(addon.licenseStatus());
}

/** Device support of a camera without opening a stream: {isSupported, hasCamera, hasTorch, fpsTier, reason}. */
function deviceSupport(device = null) {
  return JSON.parse(addon.deviceSupport(device));
}

/** Whether this process may open the camera: {authorization: "authorized"} or {authorization: "denied", reason}. */
function cameraAccess(device = null) {
  return JSON.parse(addon.cameraAccess(device));
}

/** The cameras, in node order: [{id, name, path, formats, fpsTier, hasTorch, isSupported, facing, …}]. */
function cameras() {
  return JSON.parse(addon.cameras());
}

/** A Float64Array of `values` (used as is when it already is one). */
function float64(values, name) {
  if (values instanceof Float64Array) return values;
  if (values == null || typeof values[Symbol.iterator] !== 'function') {
    throw new InvalidArgumentError(`${name} must be an array of numbers or a Float64Array`);
  }
  return Float64Array.from(values);
}

/**
 * Analyses a recorded reading in one call, without a session or a license: frame i was taken at timestamps[i]
 * seconds with the channel means red[i], green[i], blue[i] (0…255).
 * @returns {object} the result object (heartRateBpm, rmssdMs, …, quality, flags, diagnostics)
 * @throws {NoHeartRateError} when the reading holds no trustworthy heart rate
 */
function analyze({ timestamps, red, green, blue }, options = null) {
  const text = options === null || typeof options === 'string' ? options : JSON.stringify(options);
  return JSON.parse(addon.analyze(float64(timestamps, 'timestamps'), float64(red, 'red'), float64(green, 'green'),
    float64(blue, 'blue'), text));
}

/** Compares two results (objects or JSON text), metric by metric: one member per metric of the contract's
 *  metrics table (VitalsChange), each {baseline, followUp, delta, beyondTypicalVariation} or null. */
function compare(baseline, followUp) {
  const text = (value) => (typeof value === 'string' ? value : JSON.stringify(value));
  return JSON.parse(addon.compare(text(baseline), text(followUp)));
}

/** Turns the library's diagnostic log (to standard error) on or off. It never contains metric values or keys. */
function setLogging(enabled) {
  addon.setLogging(Boolean(enabled));
}

module.exports = {
  libraryInfo, activate, licenseStatus, deviceSupport, cameraAccess, cameras, analyze, compare, setLogging,
};
